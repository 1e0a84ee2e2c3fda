package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"diorama/platform"
	"diorama/platform/auto"
	"diorama/scene/tiled"
	"diorama/viewer"
)

// levelRoot returns the folder a level file's references are resolved
// in (root, or by default the working directory when the file lies
// under it, else the file's own folder) opened as an os.Root, so
// "../tiles.png" works while nothing, links included, leaves the root;
// and the file's path inside it.
func levelRoot(file, root string) (fs.FS, string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, "", err
	}
	if root == "" {
		root = filepath.Dir(abs)
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
				root = wd
			}
		}
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return nil, "", err
	}
	rel, err := filepath.Rel(rootAbs, abs)
	if err != nil || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return nil, "", fmt.Errorf("level %s is not inside the root folder %s", file, root)
	}
	r, err := os.OpenRoot(rootAbs)
	if err != nil {
		return nil, "", err
	}
	return r.FS(), filepath.ToSlash(rel), nil
}

// wantsViewer reports whether the level file opens in the map viewer
// rather than the game: a .world, or a Tiled map without a player spawn
// (an object of class "player").
func wantsViewer(fsys fs.FS, name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".world":
		return true
	case ".tmx", ".tmj", ".json":
	default:
		return false
	}
	m, err := tiled.Load(fsys, name)
	if err != nil {
		return false // the game reports the error on the level select
	}
	var player bool
	var walk func([]*tiled.Layer)
	walk = func(ls []*tiled.Layer) {
		for _, l := range ls {
			for _, o := range l.Objects {
				player = player || strings.EqualFold(o.Class, "player")
			}
			walk(l.Layers)
		}
	}
	walk(m.Layers)
	return !player
}

// runViewer shows a map or world opened in the viewer: in a window, or
// headless for o.ticks ticks with the last frame written to the PNG.
func runViewer(o options, v *viewer.Viewer, name string, out, log io.Writer) error {
	var err error
	cfg := platform.Config{Title: "Diorama viewer: " + name, Width: frameW, Height: frameH, TPS: tps}
	opt := auto.Options{Ticks: o.ticks, OutDir: o.out, Name: "view", GIFPath: o.record, Log: log}
	if o.headless {
		_, err = auto.Headless(v, cfg, opt)
	} else {
		err = auto.Run(v, cfg, opt)
	}
	if err != nil && !platform.IsQuit(err) {
		return err
	}
	fmt.Fprintf(out, "demo: viewed %s (%d maps, %d reloads)\n", name, v.Maps(), v.Reloads())
	return nil
}
