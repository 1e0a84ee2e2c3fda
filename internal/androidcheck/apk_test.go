package androidcheck

import (
	"archive/zip"
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"diorama/internal/testenv"
)

func testEntries() []Entry {
	rng := rand.New(rand.NewSource(1))
	blob := func(n int) []byte {
		b := make([]byte, n)
		rng.Read(b)
		return b
	}
	return []Entry{
		{Name: "AndroidManifest.xml", Data: bytes.Repeat([]byte("manifest "), 100)},
		{Name: "classes.dex", Data: blob(2193), Store: true},
		{Name: "lib/arm64-v8a/libexample.so", Data: blob(50001)},
		{Name: "assets/seed.txt", Data: []byte("42\n"), Store: true},
		{Name: "lib/arm64-v8a/libother.so", Data: blob(7)},
		{Name: "assets/odd-name.bin", Data: blob(333), Store: true},
	}
}

func TestAlignAPK(t *testing.T) {
	entries := testEntries()
	var buf bytes.Buffer
	if err := AlignAPK(&buf, entries); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "a.apk")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	probs, err := CheckAPKAlignment(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) > 0 {
		t.Fatalf("AlignAPK output is not aligned: %q", probs)
	}
	// Contents and order survive; native libraries are stored.
	back, err := ReadAPK(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(entries) {
		t.Fatalf("%d entries back, want %d", len(back), len(entries))
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		if back[i].Name != e.Name || !bytes.Equal(back[i].Data, e.Data) {
			t.Errorf("entry %d: %s (%d bytes), want %s (%d bytes)", i, back[i].Name, len(back[i].Data), e.Name, len(e.Data))
		}
		f := zr.File[i]
		off, _ := f.DataOffset()
		isLib := filepath.Ext(e.Name) == ".so"
		if isLib && (f.Method != zip.Store || off%PageSize != 0) {
			t.Errorf("%s: method %d offset %d, want stored at a multiple of %d", e.Name, f.Method, off, PageSize)
		}
		if e.Store && f.Method != zip.Store {
			t.Errorf("%s: compressed, want stored", e.Name)
		}
	}
	// Android's own checker agrees where it is installed (Debian's
	// zipalign checks 4 KB pages with -p; 16 KB needs build-tools 35).
	if za, ok := testenv.Optional(t, "zipalign", "scripts/deps.sh android"); ok {
		if out, err := exec.Command(za, "-c", "-p", "4", p).CombinedOutput(); err != nil {
			t.Errorf("zipalign -c -p 4: %v\n%s", err, out)
		}
	}
}

// TestCheckAPKAlignmentCatches: a zip written without care (gomobile's
// writer, archive/zip) stores libraries at arbitrary offsets or compresses
// them.
func TestCheckAPKAlignmentCatches(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "a.txt", Method: zip.Store})
	w.Write([]byte("x"))
	w, _ = zw.CreateHeader(&zip.FileHeader{Name: "lib/arm64-v8a/libstored.so", Method: zip.Store})
	w.Write(make([]byte, 100))
	w, _ = zw.CreateHeader(&zip.FileHeader{Name: "lib/arm64-v8a/libdeflated.so", Method: zip.Deflate})
	w.Write(make([]byte, 100))
	zw.Close()
	p := filepath.Join(t.TempDir(), "bad.apk")
	os.WriteFile(p, buf.Bytes(), 0o644)
	probs, err := CheckAPKAlignment(p)
	if err != nil {
		t.Fatal(err)
	}
	wantProblem(t, probs, "lib/arm64-v8a/libstored.so: data at offset")
	wantProblem(t, probs, "lib/arm64-v8a/libdeflated.so: native library is compressed")
	wantProblem(t, probs, "a.txt: data at offset")
}

func TestCheckAPKAlignmentErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.apk")
	os.WriteFile(p, []byte("PK\x03\x04 not a zip"), 0o644)
	if _, err := CheckAPKAlignment(p); err == nil {
		t.Error("CheckAPKAlignment accepted a broken zip")
	}
	if _, err := ReadAPK(p); err == nil {
		t.Error("ReadAPK accepted a broken zip")
	}
}

func FuzzCheckAPKAlignment(f *testing.F) {
	var buf bytes.Buffer
	AlignAPK(&buf, testEntries()[:4])
	f.Add(buf.Bytes())
	f.Add([]byte("PK\x05\x06" + string(make([]byte, 18))))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.apk")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		CheckAPKAlignment(p)
		ReadAPK(p)
	})
}
