package androidcheck_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"diorama/internal/androidcheck"
)

// AlignAPK stores native libraries at 16 KB boundaries, as Android 15
// devices with 16 KB pages need to map them straight from the APK;
// CheckAPKAlignment verifies an APK written by any tool.
func ExampleAlignAPK() {
	var buf bytes.Buffer
	err := androidcheck.AlignAPK(&buf, []androidcheck.Entry{
		{Name: "AndroidManifest.xml", Data: []byte("<manifest/>")},
		{Name: "lib/arm64-v8a/libexample.so", Data: make([]byte, 1000)},
		{Name: "assets/seed.txt", Data: []byte("7\n"), Store: true},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	apk := filepath.Join(dir, "app.apk")
	if err := os.WriteFile(apk, buf.Bytes(), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	problems, err := androidcheck.CheckAPKAlignment(apk)
	fmt.Println(len(problems), err)
	// Output: 0 <nil>
}
