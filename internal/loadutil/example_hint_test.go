package loadutil_test

import (
	"fmt"
	"testing/fstest"

	"diorama/internal/loadutil"
)

func ExampleRaiseHint() {
	fsys := fstest.MapFS{"level.lev": {Data: make([]byte, 2048)}}
	_, err := loadutil.ReadFile(fsys, "level.lev", 1024)
	fmt.Println(loadutil.RaiseHint(err, "Loader.Limits.MaxFileBytes"))
	// Output:
	// level.lev: file larger than 1024 bytes (raise Loader.Limits.MaxFileBytes)
}
