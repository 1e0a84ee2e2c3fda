package scene

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// LoadLevel loads the level file name from fsys with the loader its
// extension names and builds it:
//
//   - .tmx, .tmj, .json: a Tiled map ([LoadTiled]; .json is Tiled's
//     older name for its JSON format);
//   - .lev, .txt: a seed 004 text level ([LoadASCII]);
//   - .png: a seed 000 image level, its JSON description beside it with
//     the same base name ([LoadImageLevel]);
//   - .xml: an IsoMob scene ([LoadIsoXML]).
//
// Any other extension is an error naming the file.
func LoadLevel(fsys fs.FS, name string, opt BuildOptions) (*World, error) {
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".tmx", ".tmj", ".json":
		return LoadTiled(fsys, name, opt)
	case ".lev", ".txt":
		return LoadASCII(fsys, name, opt)
	case ".png":
		return LoadImageLevel(fsys, name, strings.TrimSuffix(name, path.Ext(name))+".json", opt)
	case ".xml":
		return LoadIsoXML(fsys, name, opt)
	default:
		return nil, fmt.Errorf("%s: not a level file (want .tmx, .tmj or .json for Tiled, .lev or .txt for a text level, .png for an image level, .xml for an IsoMob scene)", name)
	}
}

// OpenRoot opens the folder a level file's references may reach, as an
// os.Root file system, and returns it with the file's path inside it:
// root, or by default the working directory when the file lies under it,
// else the file's own folder. Within it "../tiles.png" resolves, while
// nothing, symbolic links included, leaves it. The folder stays open as
// long as the program runs (one descriptor), for reloads.
func OpenRoot(file, root string) (fs.FS, string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, "", err
	}
	if root == "" {
		root = filepath.Dir(abs)
		if wd, err := os.Getwd(); err == nil && inside(wd, abs) {
			root = wd
		}
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return nil, "", err
	}
	if !inside(rootAbs, abs) {
		return nil, "", fmt.Errorf("level %s is not inside the root folder %s", file, root)
	}
	rel, _ := filepath.Rel(rootAbs, abs)
	r, err := os.OpenRoot(rootAbs)
	if err != nil {
		return nil, "", err
	}
	return r.FS(), filepath.ToSlash(rel), nil
}

// inside reports whether the absolute path p lies under the folder dir.
func inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
