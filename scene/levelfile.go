package scene

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// LoadLevel loads the level file name from fsys with the loader its
// extension names and builds it:
//
//   - .tmx, .tmj, .json: a Tiled map ([LoadTiled]; .json is Tiled's
//     older name for its JSON format);
//   - .lev, .txt: an ASCII text level ([LoadASCII]);
//   - .png: an image level (one pixel per tile), its JSON description
//     beside it with the same base name ([LoadImageLevel]);
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
//
// fs.FS paths are UTF-8, while a file's name on disk need not be: when
// the file's path inside the folder is not valid UTF-8, the name returned
// is that path with each run of invalid bytes replaced by U+FFFD, and the
// file system maps that name, and the names of its folder's files, back
// to the real ones, so the level loads (and names itself in errors by the
// readable name) instead of being refused as an invalid path.
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
	name := filepath.ToSlash(rel)
	if utf8.ValidString(name) {
		return r.FS(), name, nil
	}
	alias := strings.ToValidUTF8(name, "\uFFFD")
	return &aliasFS{FS: r.FS(), root: r, alias: alias, real: name}, alias, nil
}

// aliasFS is an os.Root's file system in which the UTF-8 name alias
// stands for the file real, whose name is not UTF-8, and alias's folder
// for real's (see OpenRoot).
type aliasFS struct {
	fs.FS       // the root's own, for every other name
	root        *os.Root
	alias, real string
}

// mapped returns the real name of name when it is the alias or a file of
// the alias's folder.
func (a *aliasFS) mapped(name string) (string, bool) {
	if name == a.alias {
		return a.real, true
	}
	if ad, rd := path.Dir(a.alias), path.Dir(a.real); ad != rd && ad != "." && strings.HasPrefix(name, ad+"/") {
		return rd + name[len(ad):], true
	}
	return "", false
}

// Open opens name, mapping the alias and the files of its folder to their
// real names.
func (a *aliasFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if real, ok := a.mapped(name); ok {
		return a.root.Open(real)
	}
	return a.FS.Open(name)
}

// Stat is Open's Stat without opening the file (loadutil.Open stats a
// file before it opens it, so that a named pipe is refused, not waited
// on).
func (a *aliasFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	if real, ok := a.mapped(name); ok {
		return a.root.Stat(real)
	}
	return fs.Stat(a.FS, name)
}

// inside reports whether the absolute path p lies under the folder dir.
func inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
