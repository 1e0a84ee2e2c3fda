package loadutil_test

import (
	"errors"
	"fmt"
	"strconv"
	"testing/fstest"

	"diorama/internal/loadutil"
)

func ExampleResolvePath() {
	p, err := loadutil.ResolvePath("maps/level.tmx", "../tilesets/ground.tsx", strconv.Quote)
	fmt.Println(p, err)
	_, err = loadutil.ResolvePath("maps/level.tmx", "../../secret.tsx", loadutil.QuoteShort)
	fmt.Println(err)
	_, err = loadutil.ResolvePath("maps/level.tmx", `C:\tiles.tsx`, strconv.Quote)
	fmt.Println(err)
	// Output:
	// tilesets/ground.tsx <nil>
	// "../../secret.tsx" leaves the root (resolves to "../secret.tsx")
	// absolute path, drive, URL or backslash not allowed: "C:\\tiles.tsx"
}

func ExampleReadFile() {
	fsys := fstest.MapFS{"level.txt": {Data: []byte("wwww\nw--w\nwwww\n")}}
	data, err := loadutil.ReadFile(fsys, "level.txt", 1<<10)
	fmt.Println(len(data), err)
	_, err = loadutil.ReadFile(fsys, "level.txt", 8)
	fmt.Println(err, errors.Is(err, loadutil.ErrLimit))
	_, err = loadutil.ReadFile(fsys, "/etc/passwd", 8)
	fmt.Println(err, errors.Is(err, loadutil.ErrPath))
	// Output:
	// 15 <nil>
	// level.txt: file larger than 8 bytes true
	// /etc/passwd: not a valid fs path (absolute, empty or leaving the root) true
}

func ExampleError() {
	err := error(&loadutil.Error{File: "scene.xml", Line: 12, Where: `<wall id="W1">`, Msg: "missing attribute src", Kind: loadutil.ErrInvalid})
	fmt.Println(err)
	var e *loadutil.Error
	fmt.Println(errors.As(err, &e), e.Line, errors.Is(err, loadutil.ErrInvalid))
	// Output:
	// scene.xml:12: <wall id="W1">: missing attribute src
	// true 12 true
}
