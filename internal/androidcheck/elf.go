package androidcheck

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// PageSize is the segment and zip alignment Android 15 devices with 16 KB
// pages need.
const PageSize = 16384

// ReadProbe returns the values of the 8-byte read-only objects named
// probe_NAME in the relocatable object at path, keyed by NAME. A probe
// compiled with `const unsigned long probe_x = sizeof(T);` records the
// layout the headers gave it.
func ReadProbe(path string) (map[string]uint64, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := map[string]uint64{}
	for _, s := range syms {
		name, ok := strings.CutPrefix(s.Name, "probe_")
		if !ok || elf.ST_TYPE(s.Info) != elf.STT_OBJECT || s.Size != 8 {
			continue
		}
		if int(s.Section) >= len(f.Sections) {
			return nil, fmt.Errorf("%s: probe_%s: section %d out of range", path, name, s.Section)
		}
		sec := f.Sections[s.Section]
		data, err := sec.Data()
		if err != nil {
			return nil, fmt.Errorf("%s: probe_%s: %w", path, name, err)
		}
		if s.Value+8 > uint64(len(data)) {
			return nil, fmt.Errorf("%s: probe_%s: value outside %s", path, name, sec.Name)
		}
		out[name] = f.ByteOrder.Uint64(data[s.Value:])
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no probe_ objects", path)
	}
	return out, nil
}

// LibraryReport is what CheckLibrary found in a shared library.
type LibraryReport struct {
	Needed   []string // DT_NEEDED
	Imports  int      // undefined dynamic symbols
	NoteAPI  int      // API level in .note.android.ident, 0 if absent
	Problems []string // each a reason the library would fail on a device
}

// CheckLibrary checks the shared library at so against the stub libraries
// in stubDir (named as its DT_NEEDED entries). See the package doc.
func CheckLibrary(so, stubDir string) (*LibraryReport, error) {
	f, err := elf.Open(so)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &LibraryReport{}
	bad := func(format string, args ...any) { r.Problems = append(r.Problems, fmt.Sprintf(format, args...)) }
	if (f.Machine != elf.EM_AARCH64 && f.Machine != elf.EM_X86_64) || f.Class != elf.ELFCLASS64 {
		bad("%s: machine %v %v, want EM_AARCH64 or EM_X86_64, ELFCLASS64 (the ABIs the sysroot describes)", so, f.Machine, f.Class)
	}
	if r.Needed, err = f.DynString(elf.DT_NEEDED); err != nil {
		return nil, fmt.Errorf("%s: %w", so, err)
	}

	// What the stubs define: name -> version ("" when unversioned).
	type def struct{ lib, version string }
	defs := map[string][]def{}
	for _, lib := range r.Needed {
		syms, err := definedSymbols(filepath.Join(stubDir, lib), f.Machine)
		if err != nil {
			bad("NEEDED %s: %v", lib, err)
			continue
		}
		for name, v := range syms {
			defs[name] = append(defs[name], def{lib, v})
		}
	}

	dyn, err := f.DynamicSymbols()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", so, err)
	}
	for _, s := range dyn {
		if strings.HasPrefix(s.Version, "GLIBC_") {
			bad("%s uses glibc symbol version %s", s.Name, s.Version)
		}
		if s.Section != elf.SHN_UNDEF || s.Name == "" {
			continue
		}
		r.Imports++
		ds := defs[s.Name]
		if len(ds) == 0 {
			if elf.ST_BIND(s.Info) == elf.STB_WEAK {
				// clang makes a use of a declaration newer than the
				// target API weak: it is null at run time.
				bad("%s is imported weakly and no NEEDED stub library defines it at this API level (null on a device)", s.Name)
			} else {
				bad("%s is imported but no NEEDED stub library defines it at this API level", s.Name)
			}
			continue
		}
		ok := false
		for _, d := range ds {
			if d.version == s.Version && (s.Library == "" || s.Library == d.lib) {
				ok = true
			}
		}
		if !ok {
			bad("%s is imported as version %q of %q, the stubs define %v", s.Name, s.Version, s.Library, ds)
		}
	}

	// The dynamic linker's rules for apps targeting API 23 and later
	// (bionic's android-changes-for-ndk-developers.md).
	if sonames, _ := f.DynString(elf.DT_SONAME); len(sonames) != 1 || sonames[0] != filepath.Base(so) {
		bad("DT_SONAME is %q, want [%q] (missing SONAME is enforced from API 23)", sonames, filepath.Base(so))
	}
	for _, n := range r.Needed {
		if strings.Contains(n, "/") {
			bad("DT_NEEDED %q is a path, want a file name (enforced from API 23)", n)
		}
	}
	if tr, _ := f.DynValue(elf.DT_TEXTREL); len(tr) > 0 {
		bad("has text relocations (DT_TEXTREL; refused from API 23)")
	}
	if fl, _ := f.DynValue(elf.DT_FLAGS); len(fl) > 0 && fl[0]&uint64(elf.DF_TEXTREL) != 0 {
		bad("has text relocations (DF_TEXTREL; refused from API 23)")
	}
	if len(f.Sections) == 0 {
		bad("no section headers (refused from API 24)")
	}
	r.NoteAPI = androidNote(f)
	if r.NoteAPI == 0 {
		bad("no .note.android.ident note")
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_GNU_STACK && p.Flags&elf.PF_X != 0 {
			bad("the stack is executable (PT_GNU_STACK has PF_X)")
		}
		if p.Type != elf.PT_LOAD {
			continue
		}
		if p.Flags&elf.PF_W != 0 && p.Flags&elf.PF_X != 0 {
			bad("LOAD segment at offset %#x is writable and executable (refused from API 26)", p.Off)
		}
		if p.Align < PageSize || p.Vaddr%PageSize != p.Off%PageSize {
			bad("LOAD segment at offset %#x vaddr %#x is aligned to %#x, want %#x (16 KB pages)", p.Off, p.Vaddr, p.Align, PageSize)
		}
	}
	sort.Strings(r.Problems)
	return r, nil
}

// definedSymbols lists the global dynamic symbols a library for machine
// defines, with their version (empty when the library has no version
// definitions).
func definedSymbols(path string, machine elf.Machine) (map[string]string, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.Machine != machine {
		return nil, fmt.Errorf("%s is for %v, the library for %v", path, f.Machine, machine)
	}
	dyn, err := f.DynamicSymbols()
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, s := range dyn {
		if s.Section == elf.SHN_UNDEF || s.Name == "" {
			continue
		}
		out[s.Name] = s.Version
	}
	return out, nil
}

// androidNote returns the API level of the .note.android.ident note, or 0.
func androidNote(f *elf.File) int {
	for _, sec := range f.Sections {
		if sec.Type != elf.SHT_NOTE || sec.Name != ".note.android.ident" {
			continue
		}
		data, err := sec.Data()
		if err != nil {
			continue
		}
		for len(data) >= 12 {
			namesz := f.ByteOrder.Uint32(data[0:])
			descsz := f.ByteOrder.Uint32(data[4:])
			typ := f.ByteOrder.Uint32(data[8:])
			nameEnd := 12 + align4(namesz)
			descEnd := nameEnd + align4(descsz)
			if descEnd > uint64(len(data)) || nameEnd > uint64(len(data)) {
				break
			}
			name := strings.TrimRight(string(data[12:12+uint64(namesz)]), "\x00")
			if name == "Android" && typ == 1 && descsz >= 4 {
				return int(binary.LittleEndian.Uint32(data[nameEnd:]))
			}
			data = data[descEnd:]
		}
	}
	return 0
}

func align4(n uint32) uint64 { return (uint64(n) + 3) &^ 3 }

// ErrProblems is returned by Check when a report lists problems.
var ErrProblems = errors.New("androidcheck: the library would not run on a device")

// Check returns ErrProblems wrapped with every problem, or nil.
func (r *LibraryReport) Check() error {
	if len(r.Problems) == 0 {
		return nil
	}
	return fmt.Errorf("%w:\n\t%s", ErrProblems, strings.Join(r.Problems, "\n\t"))
}
