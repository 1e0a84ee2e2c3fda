package androidcheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// libSource uses what runtime/cgo uses: sigaction, a thread, errno,
// stderr (a libc variable from API 23), dlopen.
const libSource = `
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
static void *run(void *p) { return p; }
int diorama_lib(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, 0) != 0) return errno;
	pthread_t th;
	pthread_create(&th, 0, run, 0);
	fprintf(stderr, "%p\n", dlopen("libc.so", RTLD_NOW));
	return 0;
}
`

func buildLib(t *testing.T, ndk string, api int, src string, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "libt.so")
	compile(t, ndk, api, src, out, append([]string{"-shared", "-Wl,-soname,libt.so"}, args...)...)
	return out
}

func problems(t *testing.T, so, stubs string) []string {
	t.Helper()
	r, err := CheckLibrary(so, stubs)
	if err != nil {
		t.Fatal(err)
	}
	return r.Problems
}

func wantProblem(t *testing.T, probs []string, substr string) {
	t.Helper()
	for _, p := range probs {
		if strings.Contains(p, substr) {
			return
		}
	}
	t.Errorf("no problem mentions %q; got %q", substr, probs)
}

func TestCheckLibraryGood(t *testing.T) {
	api := testAPI()
	ndk := sysroot(t, api)
	for _, a := range abis {
		t.Run(a.name, func(t *testing.T) { testLibraryGood(t, ndk, api, a) })
	}
}

func testLibraryGood(t *testing.T, ndk string, api int, a abi) {
	so := filepath.Join(t.TempDir(), "libt.so")
	compileFor(t, ndk, a.triple, api, libSource, so, "-shared", "-Wl,-soname,libt.so", "-ldl")
	r, err := CheckLibrary(so, stubDirFor(ndk, a.triple))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if r.NoteAPI != api {
		t.Errorf(".note.android.ident API = %d, want %d", r.NoteAPI, api)
	}
	if r.Imports < 8 {
		t.Errorf("%d imports, want at least 8", r.Imports)
	}
	// Every libc import carries the LIBC version node, as with the NDK.
	readelf := testenv.Tool(t, "llvm-readelf", "scripts/deps.sh android")
	out, err := exec.Command(readelf, "--dyn-syms", "-W", so).Output()
	if err != nil {
		t.Fatalf("llvm-readelf --dyn-syms %s: %v", so, err)
	}
	for _, name := range []string{"sigaction@LIBC", "pthread_create@LIBC", "stderr@LIBC", "__errno@LIBC", "dlopen@LIBC"} {
		if !strings.Contains(string(out), name) {
			t.Errorf("readelf --dyn-syms has no %s:\n%s", name, out)
		}
	}
}

// TestCheckLibraryCatches builds libraries with each of issue 20's defects
// and requires CheckLibrary to name it.
func TestCheckLibraryCatches(t *testing.T) {
	api := testAPI()
	ndk := sysroot(t, api)
	stubs := stubDir(ndk)

	t.Run("4KBPages", func(t *testing.T) {
		so := buildLib(t, ndk, api, libSource, "-ldl", "-Wl,-z,max-page-size=4096", "-Wl,-z,common-page-size=4096")
		wantProblem(t, problems(t, so, stubs), "LOAD segment")
	})
	t.Run("NoNote", func(t *testing.T) {
		// Without crtbegin_so.o there is no .note.android.ident.
		so := buildLib(t, ndk, api, libSource, "-ldl", "-nostartfiles")
		wantProblem(t, problems(t, so, stubs), ".note.android.ident")
	})
	t.Run("NoSoname", func(t *testing.T) {
		// go build -buildmode=c-shared links without -soname.
		out := filepath.Join(t.TempDir(), "libt.so")
		compile(t, ndk, api, libSource, out, "-shared", "-ldl")
		wantProblem(t, problems(t, out, stubs), "DT_SONAME")
	})
	t.Run("WritableCode", func(t *testing.T) {
		// -N (omagic) puts everything in one RWX segment; -Bdynamic
		// after it keeps linking against the shared stubs.
		so := buildLib(t, ndk, api, libSource, "-ldl", "-Wl,--omagic", "-Wl,-Bdynamic")
		wantProblem(t, problems(t, so, stubs), "writable and executable")
	})
	t.Run("ExecutableStack", func(t *testing.T) {
		so := buildLib(t, ndk, api, libSource, "-ldl", "-Wl,-z,execstack")
		wantProblem(t, problems(t, so, stubs), "stack is executable")
	})
	t.Run("SymbolNotInLibc", func(t *testing.T) {
		so := buildLib(t, ndk, api, "extern int diorama_not_in_libc(void); int f(void) { return diorama_not_in_libc(); }")
		wantProblem(t, problems(t, so, stubs), "diorama_not_in_libc is imported but no NEEDED stub library defines it")
	})
	t.Run("StderrBeforeAPI23", func(t *testing.T) {
		// At API 21 libc has no stderr variable: the stubs leave it out
		// and the import is caught.
		old := sysroot(t, 21)
		so := buildLib(t, old, 21, libSource, "-ldl")
		wantProblem(t, problems(t, so, stubDir(old)), "stderr is imported weakly and no NEEDED stub library defines it")
	})
	t.Run("GlibcVersions", func(t *testing.T) {
		// A libc that versions its symbols as glibc does, as the old
		// stub's libraries would have if they had carried versions.
		dir := t.TempDir()
		asm := filepath.Join(dir, "g.S")
		vs := filepath.Join(dir, "g.map")
		os.WriteFile(asm, []byte(".text\n.globl puts\n.type puts,%function\nputs:\nret\n"), 0o644)
		os.WriteFile(vs, []byte("GLIBC_2.17 { global: puts; local: *; };\n"), 0o644)
		gdir := filepath.Join(dir, "glibc")
		os.Mkdir(gdir, 0o755)
		glibc := filepath.Join(gdir, "libc.so")
		tgt := "--target=aarch64-linux-android" + strconv.Itoa(api)
		if b, err := exec.Command(clang(ndk), tgt, "-shared", "-nostdlib", "-Wl,-soname,libc.so", "-Wl,--version-script,"+vs, "-o", glibc, asm).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		so := buildLib(t, ndk, api, "int puts(const char *); int f(void) { return puts(\"x\"); }", "-nostdlib", "-L"+gdir, "-lc")
		probs := problems(t, so, gdir)
		wantProblem(t, probs, "glibc symbol version GLIBC_2.17")
	})
}

// TestUndeclaredFunctionRefused: the sysroot's compiler refuses a call to
// a function its headers do not declare, which would otherwise be
// compiled as returning int (a pointer result would be cut to 32 bits).
func TestUndeclaredFunctionRefused(t *testing.T) {
	api := testAPI()
	ndk := sysroot(t, api)
	c := filepath.Join(t.TempDir(), "u.c")
	os.WriteFile(c, []byte("#include <stdlib.h>\nvoid *f(void) { return (void *)(long)aligned_alloc(16, 16); }\n"), 0o644)
	out, err := exec.Command(clang(ndk), "--target=aarch64-linux-android"+strconv.Itoa(api), "-c", "-o", c+".o", c).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-Wimplicit-function-declaration") {
		t.Errorf("clang accepted an undeclared call (err %v):\n%s", err, out)
	}
}

func TestCheckLibraryErrors(t *testing.T) {
	dir := t.TempDir()
	notELF := filepath.Join(dir, "x.so")
	os.WriteFile(notELF, []byte("not an ELF file"), 0o644)
	if _, err := CheckLibrary(notELF, dir); err == nil {
		t.Error("CheckLibrary accepted a non-ELF file")
	}
	if _, err := CheckLibrary(filepath.Join(dir, "missing.so"), dir); err == nil {
		t.Error("CheckLibrary accepted a missing file")
	}
	if _, err := ReadProbe(notELF); err == nil {
		t.Error("ReadProbe accepted a non-ELF file")
	}
}

func FuzzReadProbe(f *testing.F) {
	f.Add([]byte("\x7fELF\x02\x01\x01"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.o")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ReadProbe(p)
		CheckLibrary(p, t.TempDir())
	})
}

// TestSymbolsDeclared takes the address of every libc and libdl symbol of
// symbols.txt through the sysroot's headers, links against the stubs and
// checks the result: each is declared, and each is exported by its stub
// with its version at the API level.
func TestSymbolsDeclared(t *testing.T) {
	api := testAPI()
	ndk := sysroot(t, api)
	var b strings.Builder
	for _, h := range []string{"dlfcn.h", "errno.h", "fcntl.h", "grp.h", "pthread.h", "sched.h", "signal.h", "stdio.h", "stdlib.h", "string.h", "strings.h", "sys/mman.h", "sys/time.h", "sys/types.h", "time.h", "unistd.h"} {
		b.WriteString("#include <" + h + ">\n")
	}
	// crtbegin_so's imports, which no public header declares.
	b.WriteString("int __cxa_atexit(void (*)(void *), void *, void *);\nvoid __cxa_finalize(void *);\n")
	b.WriteString("#undef stdin\n#undef stdout\n#undef stderr\nvoid *diorama_all[] = {\n")
	n := 0
	for _, s := range readSymbols(t) {
		if (s.lib == "libc.so" || s.lib == "libdl.so") && s.api <= api {
			b.WriteString("\t(void *)&" + s.name + ",\n")
			n++
		}
	}
	b.WriteString("};\n")
	so := buildLib(t, ndk, api, b.String(), "-ldl")
	r, err := CheckLibrary(so, stubDir(ndk))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if r.Imports < n {
		t.Errorf("%d imports for %d symbols", r.Imports, n)
	}
}
