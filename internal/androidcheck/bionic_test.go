package androidcheck

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// bionicAPIs are the API levels scripts/android-bionic.sh copies headers
// for: the headers a comparison includes depend on the level (bionic
// guards declarations by __ANDROID_API__).
var bionicAPIs = []int{21, 23, 24, 26, 28, 29, 30, 31, 33, 34, 35}

// bionicExtra are testdata/bionic's files that are not headers: the
// symbol maps TestSymbolsMatchBionicMaps reads, the licence files and the
// note saying where the copy comes from.
var bionicExtra = []string{
	"LICENSE-Apache-2.0", "LICENSE-GPL-2.0", "SOURCE",
	"libc/MODULE_LICENSE_BSD", "libc/NOTICE", "libc/kernel/README.md", "libc/libc.map.txt",
	"libdl/MODULE_LICENSE_APACHE2", "libdl/NOTICE", "libdl/libdl.map.txt",
}

// TestBionicCopyIsWhatIsUsed: testdata/bionic holds exactly the headers
// the comparisons include (the layout probe and the sysroot's own header
// list, through every header they pull in, for arm64 and x86_64 at each
// API level of bionicAPIs, found with clang -M), the symbol maps and the
// licences: no header is missing and none is carried unused.
func TestBionicCopyIsWhatIsUsed(t *testing.T) {
	if os.Getenv("DIORAMA_BIONIC_SRC") != "" {
		t.Skip("DIORAMA_BIONIC_SRC names a whole bionic checkout: the repository's copy is not the one read")
	}
	src := bionicSrc(t)
	cc := testenv.Tool(t, "clang", "scripts/deps.sh android")
	res, err := exec.Command(cc, "-print-resource-dir").Output()
	if err != nil {
		t.Fatal(err)
	}
	var inc strings.Builder
	for _, h := range sysrootHeaders {
		inc.WriteString("#include <" + h + ">\n")
	}
	for _, line := range strings.Split(probeSource, "\n") {
		if strings.HasPrefix(line, "#include <") {
			inc.WriteString(line + "\n")
		}
	}
	all := filepath.Join(t.TempDir(), "all.c")
	if err := os.WriteFile(all, []byte(inc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, a := range abis {
		for _, api := range bionicAPIs {
			args := []string{"--target=" + a.triple + strconv.Itoa(api), "-nostdinc", "-M", "-MT", "x",
				"-isystem", filepath.Join(strings.TrimSpace(string(res)), "include")}
			for _, d := range []string{"libc/include", "libc/kernel/android/uapi", "libc/kernel/uapi", "libc/kernel/uapi/" + a.uapi} {
				args = append(args, "-isystem", filepath.Join(src, d))
			}
			out, err := exec.Command(cc, append(args, all)...).CombinedOutput()
			if err != nil {
				t.Fatalf("clang -M for %s at API %d: %v\n%s", a.name, api, err, out)
			}
			for _, f := range strings.Fields(strings.ReplaceAll(string(out), "\\\n", " ")) {
				if rel, ok := strings.CutPrefix(f, src+string(filepath.Separator)); ok {
					used[filepath.ToSlash(rel)] = true
				}
			}
		}
	}
	for _, f := range bionicExtra {
		used[f] = true
	}
	var have []string
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		have = append(have, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range have {
		if !used[f] {
			t.Errorf("testdata/bionic/%s is not read by any comparison: remove it (scripts/android-bionic.sh copies only what is used)", f)
		}
		delete(used, f)
	}
	for f := range used {
		t.Errorf("testdata/bionic/%s is used but missing (scripts/android-bionic.sh <a bionic checkout>)", f)
	}
	headers := slices.DeleteFunc(slices.Clone(have), func(f string) bool { return !strings.HasSuffix(f, ".h") })
	t.Logf("%d files: %d headers the comparisons include, %d maps, licences and notes", len(have), len(headers), len(have)-len(headers))
}
