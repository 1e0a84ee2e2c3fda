package fuzzy

import (
	"bufio"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// fldTable is a fuzzylite dataset: a header of variable names (inputs,
// then outputs) and rows of values.
type fldTable struct {
	names []string
	rows  [][]float64
	lines []int
}

func readFLD(t testing.TB, path string) fldTable {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tab fldTable
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		if tab.names == nil {
			tab.names = fs
			continue
		}
		if len(fs) != len(tab.names) {
			t.Fatalf("%s:%d: %d values, header has %d", path, n, len(fs), len(tab.names))
		}
		row := make([]float64, len(fs))
		for i, s := range fs {
			x, ok := parseNumber(s)
			if !ok {
				t.Fatalf("%s:%d: bad number %q", path, n, s)
			}
			row[i] = x
		}
		tab.rows = append(tab.rows, row)
		tab.lines = append(tab.lines, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tab
}

func sameValue(got, want float64) bool {
	if math.IsNaN(want) || math.IsNaN(got) {
		return math.IsNaN(want) && math.IsNaN(got)
	}
	if math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) <= 1e-6
}

// checkFLD evaluates the engine on every row in order (state such as
// lock-previous carries from row to row) and compares the outputs.
func checkFLD(t *testing.T, fll, fld string) {
	e, err := LoadFLL(os.DirFS(filepath.Dir(fll)), filepath.Base(fll))
	if err != nil {
		t.Fatal(err)
	}
	tab := readFLD(t, fld)
	ni, no := len(e.Inputs()), len(e.Outputs())
	if len(tab.names) != ni+no {
		t.Fatalf("%s: header has %d names, engine %d inputs and %d outputs", fld, len(tab.names), ni, no)
	}
	for i, v := range append(e.Inputs(), e.Outputs()...) {
		if tab.names[i] != v.Name {
			t.Fatalf("%s: column %d is %q, engine has %q", fld, i+1, tab.names[i], v.Name)
		}
	}
	bad := 0
	for k, row := range tab.rows {
		for i, v := range e.Inputs() {
			v.SetValue(row[i])
		}
		e.Process()
		for j, v := range e.Outputs() {
			if want := row[ni+j]; !sameValue(v.Value(), want) {
				bad++
				if bad <= 5 {
					t.Errorf("%s:%d: %s = %.9f, want %.9f (inputs %v)", fld, tab.lines[k], v.Name, v.Value(), want, row[:ni])
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d mismatches in all", fld, bad)
	}
}

func fldPairs(t *testing.T, root string) [][2]string {
	var pairs [][2]string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".fld") {
			pairs = append(pairs, [2]string{strings.TrimSuffix(p, ".fld") + ".fll", p})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pairs
}

// TestFuzzyliteReference runs every engine of the shared fuzzylite
// examples, and of testdata/fuzzylite6 (original engines with tables
// from fuzzylite 6.0, see its README), against its reference dataset. FUZZYLITE_EXAMPLES may name
// another directory of .fll/.fld pairs to check as well.
func TestFuzzyliteReference(t *testing.T) {
	roots := []string{"testdata/fuzzylite6", testenv.SharedTestdata(t, "fuzzylite")}
	if extra := os.Getenv("FUZZYLITE_EXAMPLES"); extra != "" {
		roots = append(roots, extra)
	}
	n := 0
	for _, root := range roots {
		for _, pr := range fldPairs(t, root) {
			rel, _ := filepath.Rel(root, pr[1])
			t.Run(filepath.ToSlash(rel), func(t *testing.T) { checkFLD(t, pr[0], pr[1]) })
			n++
		}
	}
	if n < 16 {
		t.Errorf("found %d datasets, want at least 16", n)
	}
}
