// Command viewer shows any Tiled map or .world in a window, with hot
// reload: saving the map, a tileset, a template or an image reloads it
// within a second, keeping the camera and the layer toggles (a broken
// save keeps the last good map under the error). Arrows/WASD/drag/left
// stick pan, wheel/+−/pinch/bumpers zoom, 1–9 and 0 toggle layers, F1
// shows colliders, the navmesh and entities, Home recentres.
//
// Usage:
//
//	go run ./cmd/viewer [-headless] [-ticks 60] [-out out] [-root dir] map.tmx|map.tmj|world.world
//	go run ./cmd/viewer -export out.png [-scale 2] [-hide-layer NAME]... [-hide-objects] [-background] map.tmx
//
// -export draws the whole map into a PNG as Tiled's tmxrasterizer does
// (viewer.Export) and exits.
//
// Headless (or without a display) it runs -ticks ticks and writes the
// last frame to <out>/view.png. The map's references resolve in -root
// (default: the working directory when the map lies under it, else the
// map's folder), opened as an os.Root.
//
// It imports viewer, level (for level.OpenRoot) and the platform
// backends; nothing imports it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"diorama/level"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/viewer"
)

type options struct {
	headless  bool
	ticks     int
	out       string
	root      string
	file      string
	export    string // -export: draw the whole map to this PNG and exit
	exportOpt viewer.ExportOptions
}

// names collects a repeated string flag.
type names []string

func (n *names) String() string     { return strings.Join(*n, ",") }
func (n *names) Set(v string) error { *n = append(*n, v); return nil }

func main() {
	var o options
	flag.BoolVar(&o.headless, "headless", false, "run without a window even when a display is present")
	flag.IntVar(&o.ticks, "ticks", 60, "ticks to run when headless (60 per second)")
	flag.StringVar(&o.out, "out", "out", "directory for view.png when headless")
	flag.StringVar(&o.root, "root", "", "the folder the map's references may reach")
	flag.StringVar(&o.export, "export", "", "draw the whole map to this PNG as tmxrasterizer does (object layers too, unless -hide-objects) and exit")
	flag.IntVar(&o.exportOpt.Scale, "scale", 1, "with -export: whole-number scale")
	flag.Var((*names)(&o.exportOpt.HideLayers), "hide-layer", "with -export: a layer not to draw (repeatable), as tmxrasterizer's --hide-layer")
	flag.BoolVar(&o.exportOpt.HideObjectLayers, "hide-objects", false, "with -export: leave out every object layer")
	flag.BoolVar(&o.exportOpt.ShowHidden, "ignore-visibility", false, "with -export: draw hidden layers too")
	flag.BoolVar(&o.exportOpt.Background, "background", false, "with -export: fill with the map's background colour (tmxrasterizer leaves it transparent)")
	flag.Parse()
	o.file = flag.Arg(0)
	if err := run(o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "viewer:", err)
		os.Exit(1)
	}
}

// run opens o.file in the viewer and shows it until closed (or for
// o.ticks ticks headless), then prints one line on out.
func run(o options, out, log io.Writer) error {
	if o.file == "" {
		return errors.New("no map given (usage: viewer [flags] map.tmx|map.tmj|world.world)")
	}
	fsys, name, err := level.OpenRoot(o.file, o.root)
	if err != nil {
		return err
	}
	if o.export != "" {
		// As the viewer, forgiving: a missing image is a placeholder.
		o.exportOpt.Build.Missing = func(err error) { fmt.Fprintln(log, "viewer: missing, drawn as magenta checks:", err) }
		fr, err := viewer.Export(fsys, name, o.exportOpt)
		if err != nil {
			return err
		}
		if err := fr.SavePNG(o.export); err != nil {
			return err
		}
		fmt.Fprintf(out, "viewer: exported %s to %s (%d×%d)\n", name, o.export, fr.W(), fr.H())
		return nil
	}
	v, err := viewer.Open(fsys, name)
	if err != nil {
		return err
	}
	cfg := platform.Config{Title: "Diorama viewer: " + name, Width: 800, Height: 480, TPS: 60}
	err = auto.Run(v, cfg, auto.Options{Ticks: o.ticks, OutDir: o.out, Name: "view", Log: log, Headless: o.headless})
	if err != nil && !platform.IsQuit(err) {
		return err
	}
	fmt.Fprintf(out, "viewer: viewed %s (%d maps, %d reloads)\n", name, v.Maps(), v.Reloads())
	return nil
}
