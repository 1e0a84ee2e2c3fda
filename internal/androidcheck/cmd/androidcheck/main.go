// Command androidcheck runs the Android build checks of package
// diorama/internal/androidcheck from scripts/android.sh:
//
//	androidcheck lib SO STUBDIR API   check a native library (see CheckLibrary)
//	androidcheck pack OUT MANIFEST_APK APK
//	    write OUT with the AndroidManifest.xml (and resources.arsc) of
//	    MANIFEST_APK and every other entry of APK except its signature,
//	    aligned for 16 KB pages (unsigned: sign it afterwards)
//	androidcheck align APK            check an APK's zip alignment
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"diorama/internal/androidcheck"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "androidcheck:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: androidcheck lib|pack|align ...")
	}
	switch args[0] {
	case "lib":
		if len(args) != 4 {
			return fmt.Errorf("usage: androidcheck lib SO STUBDIR API")
		}
		api, err := strconv.Atoi(args[3])
		if err != nil {
			return fmt.Errorf("API %q: %v", args[3], err)
		}
		r, err := androidcheck.CheckLibrary(args[1], args[2])
		if err != nil {
			return err
		}
		if r.NoteAPI != 0 && r.NoteAPI != api {
			r.Problems = append(r.Problems, fmt.Sprintf(".note.android.ident says API %d, want %d", r.NoteAPI, api))
		}
		if err := r.Check(); err != nil {
			return fmt.Errorf("%s: %w", args[1], err)
		}
		fmt.Printf("%s: %d imports from %s all defined with their versions at API %d; .note.android.ident API %d; LOAD segments 16 KB aligned; SONAME set, no text relocations, no writable code or executable stack\n",
			args[1], r.Imports, strings.Join(r.Needed, " "), api, r.NoteAPI)
		return nil
	case "pack":
		if len(args) != 4 {
			return fmt.Errorf("usage: androidcheck pack OUT MANIFEST_APK APK")
		}
		man, err := androidcheck.ReadAPK(args[2])
		if err != nil {
			return err
		}
		app, err := androidcheck.ReadAPK(args[3])
		if err != nil {
			return err
		}
		var entries []androidcheck.Entry
		for _, e := range man {
			if e.Name == "AndroidManifest.xml" || e.Name == "resources.arsc" {
				e.Store = e.Name == "resources.arsc" // Android 11+ wants it stored and aligned
				entries = append(entries, e)
			}
		}
		if len(entries) == 0 {
			return fmt.Errorf("%s has no AndroidManifest.xml", args[2])
		}
		for _, e := range app {
			if e.Name == "AndroidManifest.xml" || e.Name == "resources.arsc" || strings.HasPrefix(e.Name, "META-INF/") {
				continue
			}
			entries = append(entries, e)
		}
		var buf bytes.Buffer
		if err := androidcheck.AlignAPK(&buf, entries); err != nil {
			return err
		}
		return os.WriteFile(args[1], buf.Bytes(), 0o644)
	case "align":
		if len(args) != 2 {
			return fmt.Errorf("usage: androidcheck align APK")
		}
		probs, err := androidcheck.CheckAPKAlignment(args[1])
		if err != nil {
			return err
		}
		if len(probs) > 0 {
			return fmt.Errorf("%s is not aligned:\n\t%s", args[1], strings.Join(probs, "\n\t"))
		}
		fmt.Printf("%s: native libraries stored at 16 KB boundaries, other stored entries at 4 bytes\n", args[1])
		return nil
	}
	return fmt.Errorf("unknown command %q", args[0])
}
