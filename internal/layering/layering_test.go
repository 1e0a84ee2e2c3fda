package layering

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

const module = "diorama"

// narrower lists packages whose imports are narrower than their row
// allows: each may import the standard library and only the listed
// paths (a trailing "/..." allows a whole tree). The patterns match like
// the table's.
var narrower = []struct {
	pkgs  string
	allow []string
}{
	// Loaders are pure data readers: no rendering, no physics, no world.
	{"scene/tiled", []string{"mathx", "props", "internal/loadutil", "github.com/klauspost/compress/zstd", "golang.org/x/image/..."}},
	{"scene/{isoxml,ascii,imagelevel}", []string{"mathx", "internal/loadutil"}},
	// The ai packages take the world through small function types.
	{"ai/...", []string{"mathx", "internal/loadutil", "internal/workers", "ai/..."}},
	// The rasterizer knows pixels and nothing of maps or games.
	{"raster", []string{"mathx", "internal/workers", "golang.org/x/image/...", "golang.org/x/sys/cpu"}},
	{"iso/overlay", []string{"iso", "raster", "atlas", "mathx"}},
	// scene: everything below it except the behaviour packages other
	// than steering (a game wires trees, machines and fuzzy logic).
	// It knows no level format: the loaders are level's.
	{"scene", []string{"iso/...", "atlas", "physics", "raster", "mathx", "props", "loop", "ai/nav", "ai/steer", "audio", "internal/loadutil", "internal/fnv"}},
	// level builds worlds from the loaders' data through scene's public API.
	{"level", []string{"scene", "scene/tiled", "scene/isoxml", "scene/ascii", "scene/imagelevel", "iso", "atlas", "physics", "raster", "mathx", "props", "internal/loadutil", "internal/fnv"}},
	// Backends present frames; they know no game (loadutil reads their
	// replay and script files).
	{"platform/...", []string{"platform/...", "raster", "loop", "mathx", "audio", "internal/loadutil", "golang.org/x/mobile/...", "github.com/go-gl/...", "golang.org/x/sys/...", "github.com/ebitengine/oto/v3"}},
	{"ui", []string{"platform", "raster", "mathx"}},
	{"internal/loadutil", nil},
	{"mathx", nil},
	{"props", nil},
	{"loop", nil},
	{"physics", []string{"mathx", "internal/workers"}},
	{"internal/workers", nil},
}

// row is one line of ARCHITECTURE.md's package table.
type row struct {
	name     string
	patterns []string
}

var cellPkg = regexp.MustCompile("`([^`]+)`")

// readRows reads the table under "## Packages": the second cell of each
// row lists the row's packages in backquotes.
func readRows(t *testing.T, file string) []row {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []row
	in := false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Packages"
			continue
		case !in || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| row") || strings.HasPrefix(line, "|---"):
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			t.Fatalf("%s: table row %q has too few cells", file, line)
		}
		r := row{name: strings.TrimSpace(cells[1])}
		for _, m := range cellPkg.FindAllStringSubmatch(cells[2], -1) {
			r.patterns = append(r.patterns, expand(m[1])...)
		}
		if len(r.patterns) == 0 {
			t.Fatalf("%s: row %q names no package", file, r.name)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 5 {
		t.Fatalf("%s: found %d rows under ## Packages", file, len(rows))
	}
	return rows
}

// expand turns "a/{b,c}" into "a/b", "a/c".
func expand(p string) []string {
	i := strings.Index(p, "{")
	j := strings.Index(p, "}")
	if i < 0 || j < i {
		return []string{p}
	}
	var out []string
	for _, alt := range strings.Split(p[i+1:j], ",") {
		out = append(out, expand(p[:i]+alt+p[j+1:])...)
	}
	return out
}

// match reports whether pkg matches pattern: the same path, or a pattern
// ending in "/..." that names pkg's tree (the root included).
func match(pattern, pkg string) bool {
	if root, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == root || strings.HasPrefix(pkg, root+"/")
	}
	return pattern == pkg
}

// rowOf returns the index of pkg's row: the row with the longest pattern
// that matches it, so "internal/determinism/..." wins over "internal/...".
func rowOf(rows []row, pkg string) (int, string) {
	best, bestLen, bestPat := -1, -1, ""
	for i, r := range rows {
		for _, p := range r.patterns {
			if match(p, pkg) && len(p) > bestLen {
				best, bestLen, bestPat = i, len(p), p
			}
		}
	}
	return best, bestPat
}

// sameTree reports whether a and b are both the root of or under one of
// row's patterns' roots.
func sameTree(r row, a, b string) bool {
	for _, p := range r.patterns {
		root := strings.TrimSuffix(p, "/...")
		under := func(x string) bool { return x == root || strings.HasPrefix(x, root+"/") }
		if under(a) && under(b) {
			return true
		}
	}
	return false
}

// imports maps each package (module-relative path) to its imports from
// every non-test .go file, with the file that imports each.
func imports(t *testing.T, root string) map[string]map[string]string {
	pkgs := map[string]map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "out") {
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module (perf/peers/...)
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := filepath.ToSlash(rel)
		if pkgs[pkg] == nil {
			pkgs[pkg] = map[string]string{}
		}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if ip == "C" {
				continue
			}
			pkgs[pkg][ip] = filepath.ToSlash(filepath.Join(pkg, name))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".") && first != module
}

// TestLayering checks every import of the module against ARCHITECTURE.md.
func TestLayering(t *testing.T) {
	root := testenv.RepoRoot(t)
	rows := readRows(t, filepath.Join(root, "ARCHITECTURE.md"))
	pkgs := imports(t, root)
	if len(pkgs) < 30 {
		t.Fatalf("found only %d packages under %s", len(pkgs), root)
	}
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, pkg := range names {
		ri, _ := rowOf(rows, pkg)
		if ri < 0 {
			t.Errorf("package %s is in no row of ARCHITECTURE.md's package table", pkg)
			continue
		}
		for ip, file := range pkgs[pkg] {
			if isStd(ip) {
				continue
			}
			if rel, ok := strings.CutPrefix(ip, module+"/"); ok {
				rj, _ := rowOf(rows, rel)
				switch {
				case rj < 0:
					t.Errorf("%s imports %s, which is in no row", file, rel)
				case rj < ri:
					t.Errorf("%s (row %s) imports %s of the higher row %s", file, rows[ri].name, rel, rows[rj].name)
				case rj == ri && !sameTree(rows[ri], pkg, rel):
					t.Errorf("%s (row %s) imports %s of the same row but another tree", file, rows[ri].name, rel)
				}
			}
			if rule, ok := narrowerFor(pkg); ok && !allowed(rule, ip) {
				t.Errorf("%s imports %s; %s may import only the standard library and %v", file, ip, pkg, rule)
			}
		}
	}
	// Every pattern of the table names at least one package, so the map
	// cannot keep rows for packages that left.
	for _, r := range rows {
		for _, p := range r.patterns {
			found := false
			for _, pkg := range names {
				if match(p, pkg) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("ARCHITECTURE.md row %s names %s, which matches no package", r.name, p)
			}
		}
	}
}

// narrowerFor returns the allowed list of the most specific narrower rule
// matching pkg.
func narrowerFor(pkg string) ([]string, bool) {
	var best []string
	bestLen := -1
	for _, n := range narrower {
		for _, p := range expand(n.pkgs) {
			if match(p, pkg) && len(p) > bestLen {
				best, bestLen = n.allow, len(p)
			}
		}
	}
	return best, bestLen >= 0
}

func allowed(rule []string, ip string) bool {
	rel := strings.TrimPrefix(ip, module+"/")
	for _, a := range rule {
		if match(a, rel) || match(a, ip) {
			return true
		}
	}
	return false
}

// TestLayeringCatches runs the checks on made-up rows and imports, so the
// test cannot pass by checking nothing.
func TestLayeringCatches(t *testing.T) {
	rows := []row{
		{name: "top", patterns: []string{"cmd/..."}},
		{name: "mid", patterns: []string{"platform/...", "ui"}},
		{name: "low", patterns: []string{"mathx"}},
	}
	cases := []struct {
		from, to string
		ok       bool
	}{
		{"cmd/demo", "platform/auto", true},
		{"platform/auto", "platform/desktop", true},
		{"platform/web", "ui", false},
		{"mathx", "ui", false},
		{"ui", "cmd/demo", false},
		{"ui", "mathx", true},
	}
	for _, c := range cases {
		ri, _ := rowOf(rows, c.from)
		rj, _ := rowOf(rows, c.to)
		ok := rj > ri || (rj == ri && sameTree(rows[ri], c.from, c.to))
		if ok != c.ok {
			t.Errorf("%s → %s: allowed %v, want %v", c.from, c.to, ok, c.ok)
		}
	}
	if r, _ := rowOf([]row{{patterns: []string{"internal/..."}}, {patterns: []string{"internal/determinism/..."}}}, "internal/determinism/cmd/trace"); r != 1 {
		t.Errorf("the longest pattern does not win: row %d", r)
	}
	if got := expand("a/{b,c}/d"); strings.Join(got, " ") != "a/b/d a/c/d" {
		t.Errorf("expand: %v", got)
	}
	if rule, _ := narrowerFor("scene/ascii"); allowed(rule, "diorama/raster") || !allowed(rule, "diorama/mathx") {
		t.Errorf("narrower rule for scene/ascii: %v", rule)
	}
}
