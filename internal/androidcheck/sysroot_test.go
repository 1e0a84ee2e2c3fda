package androidcheck

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"diorama/internal/testenv"
)

// testAPI is the API level the tests build for: the one make android-check
// passes (the example manifest's minSdkVersion), else 23.
func testAPI() int {
	if n, err := strconv.Atoi(os.Getenv("DIORAMA_ANDROID_API")); err == nil {
		return n
	}
	return 23
}

var (
	ndkOnce sync.Map // dir key -> *ndkResult
)

type ndkResult struct {
	once sync.Once
	dir  string
	err  error
	out  string
}

// needTools skips when the sysroot cannot be assembled here (no clang or
// Debian's Android headers): scripts/deps.sh android installs them, and CI
// runs it before the tests, so there a missing tool fails.
func needTools(t *testing.T) {
	t.Helper()
	var missing []string
	for _, p := range []string{"clang", "ld.lld", "llvm-ar"} {
		if _, err := exec.LookPath(p); err != nil {
			missing = append(missing, p)
		}
	}
	for _, d := range []string{"/usr/include/android/android", "/usr/include/GLES2"} {
		if _, err := os.Stat(d); err != nil {
			missing = append(missing, d)
		}
	}
	if len(missing) == 0 {
		return
	}
	testenv.Missing(t, "missing %v (scripts/deps.sh android)", missing)
}

// sysroot returns an NDK tree assembled by scripts/android-ndk.sh at api:
// DIORAMA_ANDROID_NDK when make android-check passes it (for its API),
// else one built once per API level for this test run.
func sysroot(t *testing.T, api int) string {
	t.Helper()
	needTools(t)
	if d := os.Getenv("DIORAMA_ANDROID_NDK"); d != "" && api == testAPI() {
		return d
	}
	root := testenv.RepoRoot(t)
	v, _ := ndkOnce.LoadOrStore(api, &ndkResult{})
	r := v.(*ndkResult)
	r.once.Do(func() {
		dir, err := os.MkdirTemp("", "diorama-ndk-")
		if err != nil {
			r.err = err
			return
		}
		cmd := exec.Command(filepath.Join(root, "scripts", "android-ndk.sh"), filepath.Join(dir, "ndk"), strconv.Itoa(api))
		cmd.Env = append(os.Environ(), "ANDROID_NDK_HOME=")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		r.err = cmd.Run()
		r.out = out.String()
		r.dir = filepath.Join(dir, "ndk")
	})
	if r.err != nil {
		t.Fatalf("scripts/android-ndk.sh: %v\n%s", r.err, r.out)
	}
	return r.dir
}

func clang(ndk string) string {
	return filepath.Join(ndk, "toolchains", "llvm", "prebuilt", "linux-x86_64", "bin", "clang")
}

// abi is one ABI the sysroot describes.
type abi struct {
	name    string // Android's ABI name
	triple  string
	uapi    string // bionic's kernel header folder for the architecture
	machine elf.Machine
	values  map[string]uint64 // bionic's probe values
	arch    string            // the architecture name in bionic's map files
}

var abis = []abi{
	{"arm64-v8a", "aarch64-linux-android", "asm-arm64", elf.EM_AARCH64, bionicARM64, "arm64"},
	{"x86_64", "x86_64-linux-android", "asm-x86", elf.EM_X86_64, bionicX86_64, "x86_64"},
}

func stubDir(ndk string) string { return stubDirFor(ndk, "aarch64-linux-android") }

func stubDirFor(ndk, triple string) string {
	return filepath.Join(ndk, "toolchains", "llvm", "prebuilt", "linux-x86_64", "sysroot", "usr", "lib", triple)
}

// compile runs the sysroot's clang for android/arm64 at api on the C
// source src with extra arguments, writing out.
func compile(t *testing.T, ndk string, api int, src, out string, args ...string) {
	t.Helper()
	compileFor(t, ndk, "aarch64-linux-android", api, src, out, args...)
}

// compileFor is compile for the ABI of triple.
func compileFor(t *testing.T, ndk, triple string, api int, src, out string, args ...string) {
	t.Helper()
	c := filepath.Join(t.TempDir(), "src.c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	full := append([]string{"--target=" + triple + strconv.Itoa(api), "-O2", "-fPIC"}, args...)
	full = append(full, "-o", out, c)
	if b, err := exec.Command(clang(ndk), full...).CombinedOutput(); err != nil {
		t.Fatalf("clang %v: %v\n%s", full, err, b)
	}
}

// probeSource records layouts and constants the Go runtime's cgo code
// (runtime/cgo: x_cgo_sigaction, thread start, mmap, setenv) and
// golang.org/x/mobile rely on.
const probeSource = `
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#define P(name, v) const unsigned long probe_##name = (unsigned long)(v);
P(sigaction_size, sizeof(struct sigaction))
P(sigaction_flags, offsetof(struct sigaction, sa_flags))
P(sigaction_handler, offsetof(struct sigaction, sa_handler))
P(sigaction_sigaction, offsetof(struct sigaction, sa_sigaction))
P(sigaction_mask, offsetof(struct sigaction, sa_mask))
P(sigaction_restorer, offsetof(struct sigaction, sa_restorer))
P(sigset_size, sizeof(sigset_t))
P(pthread_attr_size, sizeof(pthread_attr_t))
P(pthread_mutex_size, sizeof(pthread_mutex_t))
P(pthread_cond_size, sizeof(pthread_cond_t))
P(pthread_t_size, sizeof(pthread_t))
P(pthread_key_size, sizeof(pthread_key_t))
P(off_t_size, sizeof(off_t))
P(time_t_size, sizeof(time_t))
P(tm_size, sizeof(struct tm))
P(tm_gmtoff, offsetof(struct tm, tm_gmtoff))
P(timespec_size, sizeof(struct timespec))
P(stack_t_size, sizeof(stack_t))
P(sa_siginfo, SA_SIGINFO)
P(sa_onstack, SA_ONSTACK)
P(sa_restart, SA_RESTART)
P(sig_setmask, SIG_SETMASK)
P(sigprof, SIGPROF)
P(sigpipe, SIGPIPE)
P(sigurg, SIGURG)
P(eagain, EAGAIN)
P(einval, EINVAL)
P(enomem, ENOMEM)
P(eintr, EINTR)
P(rtld_now, RTLD_NOW)
P(rtld_lazy, RTLD_LAZY)
P(rtld_global, RTLD_GLOBAL)
P(rtld_default, RTLD_DEFAULT)
P(map_anon, MAP_ANON)
P(map_private, MAP_PRIVATE)
P(map_fixed, MAP_FIXED)
P(prot_rw, PROT_READ|PROT_WRITE)
P(pthread_create_detached, PTHREAD_CREATE_DETACHED)
P(o_cloexec, O_CLOEXEC)
P(o_directory, O_DIRECTORY)
P(o_nofollow, O_NOFOLLOW)
P(sc_pagesize, _SC_PAGESIZE)
int *probe_errno(void) { return &errno; }
FILE *probe_stderr(void) { return stderr; }
`

// bionicARM64 holds bionic's values on arm64 (LP64), read from bionic's
// libc/include and libc/kernel/uapi (commit 731631f3, see
// platform/android/sysroot/README.md). glibc differs in the first rows:
// its struct sigaction is 152 bytes with the handler at 0, sa_mask at 8 and
// sa_flags at 136, its pthread_attr_t is 64 bytes and its mutex 48.
var bionicARM64 = map[string]uint64{
	"sigaction_size":          32,
	"sigaction_flags":         0,
	"sigaction_handler":       8,
	"sigaction_sigaction":     8,
	"sigaction_mask":          16,
	"sigaction_restorer":      24,
	"sigset_size":             8,
	"pthread_attr_size":       56,
	"pthread_mutex_size":      40,
	"pthread_cond_size":       48,
	"pthread_t_size":          8,
	"pthread_key_size":        4,
	"off_t_size":              8,
	"time_t_size":             8,
	"tm_size":                 56,
	"tm_gmtoff":               40,
	"timespec_size":           16,
	"stack_t_size":            24,
	"sa_siginfo":              4,
	"sa_onstack":              0x08000000,
	"sa_restart":              0x10000000,
	"sig_setmask":             2,
	"sigprof":                 27,
	"sigpipe":                 13,
	"sigurg":                  23,
	"eagain":                  11,
	"einval":                  22,
	"enomem":                  12,
	"eintr":                   4,
	"rtld_now":                2,
	"rtld_lazy":               1,
	"rtld_global":             0x100,
	"rtld_default":            0,
	"map_anon":                0x20,
	"map_private":             2,
	"map_fixed":               0x10,
	"prot_rw":                 3,
	"pthread_create_detached": 1,
	"o_cloexec":               02000000,
	"o_directory":             040000,
	"o_nofollow":              0100000,
	"sc_pagesize":             0x27,
}

// bionicX86_64 is bionicARM64 with x86_64's differences: the generic
// open(2) flags (arm64 moves O_DIRECTORY and O_NOFOLLOW).
var bionicX86_64 = func() map[string]uint64 {
	m := map[string]uint64{}
	for k, v := range bionicARM64 {
		m[k] = v
	}
	m["o_directory"] = 0200000
	m["o_nofollow"] = 0400000
	return m
}()

// TestBionicLayouts compiles the probe against the sysroot and asserts
// bionic's arm64 layouts: the glibc headers the old stub NDK used put
// sigaction's handler at 0 and sa_flags at 136, which crashes on the first
// signal on a device.
func TestBionicLayouts(t *testing.T) {
	ndk := sysroot(t, testAPI())
	for _, a := range abis {
		t.Run(a.name, func(t *testing.T) { testLayouts(t, ndk, a) })
	}
}

func testLayouts(t *testing.T, ndk string, a abi) {
	obj := filepath.Join(t.TempDir(), "probe.o")
	compileFor(t, ndk, a.triple, testAPI(), probeSource, obj, "-c")
	got, err := ReadProbe(obj)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(a.values) {
		t.Errorf("probe recorded %d values, want %d", len(got), len(a.values))
	}
	for k, want := range a.values {
		if v, ok := got[k]; !ok || v != want {
			t.Errorf("%s = %d (present %v), bionic %s has %d", k, v, ok, a.name, want)
		}
	}

	// errno is *__errno() and stderr a libc variable: the object must
	// import exactly those names (glibc: __errno_location, stderr too).
	f, err := elf.Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Machine != a.machine {
		t.Errorf("probe is for %v, want %v", f.Machine, a.machine)
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	undef := map[string]bool{}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF && s.Name != "" {
			undef[s.Name] = true
		}
	}
	for _, want := range []string{"__errno", "stderr"} {
		if !undef[want] {
			t.Errorf("probe does not import %s (imports %v)", want, undef)
		}
	}
	if undef["__errno_location"] {
		t.Error("probe imports glibc's __errno_location")
	}
}

// bionicSrc is the bionic source tree the comparisons read: the part of
// AOSP bionic kept in testdata/bionic (scripts/android-bionic.sh; see its
// SOURCE file), or a whole checkout named by DIORAMA_BIONIC_SRC.
func bionicSrc(t *testing.T) string {
	t.Helper()
	if src := os.Getenv("DIORAMA_BIONIC_SRC"); src != "" {
		return src
	}
	src, err := filepath.Abs(filepath.Join("testdata", "bionic"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src, "libc", "libc.map.txt")); err != nil {
		t.Fatalf("bionic's headers are part of the repository: %v", err)
	}
	return src
}

// TestProbeMatchesBionicHeaders compiles the same probe against bionic's
// own headers (testdata/bionic, or DIORAMA_BIONIC_SRC) and requires the
// same values.
func TestProbeMatchesBionicHeaders(t *testing.T) {
	src := bionicSrc(t)
	needTools(t)
	res, err := exec.Command("clang", "-print-resource-dir").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range abis {
		t.Run(a.name, func(t *testing.T) {
			obj := filepath.Join(t.TempDir(), "real.o")
			c := filepath.Join(t.TempDir(), "probe.c")
			if err := os.WriteFile(c, []byte(probeSource), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"--target=" + a.triple + strconv.Itoa(testAPI()), "-nostdinc", "-c", "-o", obj,
				"-isystem", filepath.Join(strings.TrimSpace(string(res)), "include")}
			for _, d := range []string{"libc/include", "libc/kernel/android/uapi", "libc/kernel/uapi", "libc/kernel/uapi/" + a.uapi} {
				args = append(args, "-isystem", filepath.Join(src, d))
			}
			if b, err := exec.Command("clang", append(args, c)...).CombinedOutput(); err != nil {
				t.Fatalf("clang on bionic's headers: %v\n%s", err, b)
			}
			got, err := ReadProbe(obj)
			if err != nil {
				t.Fatal(err)
			}
			for k, want := range a.values {
				if got[k] != want {
					t.Errorf("bionic's own headers give %s = %d, the table says %d", k, got[k], want)
				}
			}
		})
	}
}

// TestSymbolsMatchBionicMaps checks symbols.txt's libc and libdl lines
// against bionic's libc.map.txt and libdl.map.txt (testdata/bionic, or
// DIORAMA_BIONIC_SRC): same version node, same first API level for arm64
// and x86_64.
func TestSymbolsMatchBionicMaps(t *testing.T) {
	src := bionicSrc(t)
	for _, a := range abis {
		t.Run(a.name, func(t *testing.T) { testSymbolsMatch(t, src, a.arch) })
	}
}

func testSymbolsMatch(t *testing.T, src, arch string) {
	syms := readSymbols(t)
	maps := map[string]map[string]mapEntry{}
	for lib, path := range map[string]string{"libc.so": "libc/libc.map.txt", "libdl.so": "libdl/libdl.map.txt"} {
		b, err := os.ReadFile(filepath.Join(src, path))
		if err != nil {
			t.Fatal(err)
		}
		maps[lib] = parseMap(string(b), arch)
	}
	n := 0
	for _, s := range syms {
		m, ok := maps[s.lib]
		if !ok {
			continue
		}
		n++
		e, ok := m[s.name]
		switch {
		case !ok:
			t.Errorf("%s: %s is not in bionic's map for %s", s.lib, s.name, arch)
		case e.version != s.version || e.api != s.api:
			t.Errorf("%s: %s is %s at API %d in symbols.txt, bionic's map says %s at %d", s.lib, s.name, s.version, s.api, e.version, e.api)
		}
	}
	if n < 50 {
		t.Errorf("only %d libc/libdl symbols checked", n)
	}
}

type symbol struct {
	lib, version, kind, name string
	api                      int
}

func readSymbols(t *testing.T) []symbol {
	t.Helper()
	p := filepath.Join(testenv.RepoRoot(t), "platform", "android", "sysroot", "symbols.txt")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var out []symbol
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			t.Fatalf("%s:%d: %d fields, want 5", p, i+1, len(f))
		}
		api, err := strconv.Atoi(f[2])
		if err != nil || (f[3] != "func" && f[3] != "var") {
			t.Fatalf("%s:%d: bad API level or kind: %q", p, i+1, line)
		}
		out = append(out, symbol{lib: f[0], version: f[1], api: api, kind: f[3], name: f[4]})
	}
	return out
}

type mapEntry struct {
	version string
	api     int
}

// parseMap reads a bionic .map.txt for arch: version blocks with an
// optional "introduced=" (or "introduced-ARCH=") tag, symbols with their
// own tags; symbols tagged for other architectures only are left out.
func parseMap(text, arch string) map[string]mapEntry {
	out := map[string]mapEntry{}
	block, blockAPI := "", 1
	tagAPI := func(tags string, def int) int {
		for _, f := range strings.Fields(tags) {
			for _, k := range []string{"introduced-" + arch + "=", "introduced="} {
				if v, ok := strings.CutPrefix(f, k); ok {
					if n, err := strconv.Atoi(v); err == nil {
						return n
					}
				}
			}
		}
		return def
	}
	for _, line := range strings.Split(text, "\n") {
		code, tags, _ := strings.Cut(line, "#")
		code = strings.TrimSpace(code)
		switch {
		case strings.HasSuffix(code, "{"):
			block = strings.TrimSpace(strings.TrimSuffix(code, "{"))
			blockAPI = tagAPI(tags, 1)
		case strings.HasSuffix(code, ";") && !strings.Contains(code, ":") && !strings.HasPrefix(code, "}") && code != "*;":
			name := strings.TrimSuffix(code, ";")
			archOK := true
			var arches []string
			for _, f := range strings.Fields(tags) {
				switch f {
				case "arm", "arm64", "x86", "x86_64", "riscv64":
					arches = append(arches, f)
				}
			}
			if len(arches) > 0 {
				archOK = false
				for _, a := range arches {
					if a == arch {
						archOK = true
					}
				}
			}
			if archOK {
				out[name] = mapEntry{block, tagAPI(tags, blockAPI)}
			}
		}
	}
	return out
}

// sysrootHeaders are the sysroot's own C library headers.
var sysrootHeaders = []string{"dlfcn.h", "errno.h", "fcntl.h", "grp.h", "pthread.h", "sched.h", "signal.h", "stdio.h", "stdlib.h", "string.h", "strings.h", "sys/mman.h", "sys/time.h", "sys/types.h", "time.h", "unistd.h"}

var protoRE = regexp.MustCompile(`^(extern |__attribute__|[a-z_ ]+[ *]+)[A-Za-z_0-9]+ ?\(.*\) *(__attribute__.*)?;$`)

// TestPrototypesMatchBionic repeats every function declaration of the
// sysroot's headers after bionic's own headers (testdata/bionic, or
// DIORAMA_BIONIC_SRC): clang refuses any whose types differ.
func TestPrototypesMatchBionic(t *testing.T) {
	src := bionicSrc(t)
	api := testAPI()
	ndk := sysroot(t, api)
	for _, a := range abis {
		t.Run(a.name, func(t *testing.T) { testPrototypes(t, ndk, src, api, a) })
	}
}

func testPrototypes(t *testing.T, ndk, src string, api int, a abi) {
	dir := t.TempDir()
	var inc strings.Builder
	for _, h := range sysrootHeaders {
		inc.WriteString("#include <" + h + ">\n")
	}
	all := filepath.Join(dir, "all.c")
	os.WriteFile(all, []byte(inc.String()), 0o644)
	tgt := "--target=" + a.triple + strconv.Itoa(api)
	pre, err := exec.Command(clang(ndk), tgt, "-E", "-P", all).Output()
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.ReplaceAll(string(pre), "\n", " ")
	flat = strings.ReplaceAll(flat, "}", "}\n")
	flat = strings.ReplaceAll(flat, ";", ";\n")
	var decls []string
	for _, line := range strings.Split(flat, "\n") {
		line = strings.TrimSpace(line)
		if protoRE.MatchString(line) && !strings.HasPrefix(line, "typedef") {
			decls = append(decls, line)
		}
	}
	if len(decls) < 100 {
		t.Fatalf("found %d declarations in the sysroot's headers, want 100 or more", len(decls))
	}
	cross := filepath.Join(dir, "cross.c")
	os.WriteFile(cross, []byte(inc.String()+strings.Join(decls, "\n")+"\n"), 0o644)
	res, err := exec.Command("clang", "-print-resource-dir").Output()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{tgt, "-nostdinc", "-fsyntax-only", "-isystem", filepath.Join(strings.TrimSpace(string(res)), "include")}
	for _, d := range []string{"libc/include", "libc/kernel/android/uapi", "libc/kernel/uapi", "libc/kernel/uapi/" + a.uapi} {
		args = append(args, "-isystem", filepath.Join(src, d))
	}
	if out, err := exec.Command("clang", append(args, cross)...).CombinedOutput(); err != nil {
		t.Errorf("the sysroot's prototypes conflict with bionic's: %v\n%s", err, out)
	}
	t.Logf("%d prototypes agree with bionic's headers", len(decls))
}
