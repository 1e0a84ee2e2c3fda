package imagelevel

import (
	"errors"
	"image"
	"image/color"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

func TestLoadTanktrum(t *testing.T) {
	l, err := Load(os.DirFS("testdata"), "tanktrum.png", "tanktrum.json")
	if err != nil {
		t.Fatal(err)
	}
	g := l.Grid
	if g.File != "tanktrum.png" || g.Width != 21 || g.Height != 16 || len(g.Cells) != 21*16 {
		t.Fatalf("%q %d×%d %d", g.File, g.Width, g.Height, len(g.Cells))
	}
	if got, want := artGrid(g), floorArt(tanktrumArt); !reflect.DeepEqual(got, want) {
		t.Fatalf("grid\n%v\nwant\n%v", got, want)
	}
	wantGridDoors := []GridDoor{{At: mathx.Pt(15, 2), Axis: InColumn}, {At: mathx.Pt(10, 5), Axis: InRow}}
	if !reflect.DeepEqual(g.Doors, wantGridDoors) {
		t.Fatalf("grid doors %v", g.Doors)
	}
	d := l.Description
	if d.File != "tanktrum.json" {
		t.Fatal(d.File)
	}
	if d.Player != (Player{Spawn: mathx.V2(10.5, 4.5), OSR: mathx.V2(0, 1)}) {
		t.Fatalf("player %+v", d.Player)
	}
	wantSpecs := []DoorSpec{{"DOOR1", mathx.Pt(10, 5), false}, {"VAULT", mathx.Pt(15, 2), true}}
	if !reflect.DeepEqual(d.Doors, wantSpecs) {
		t.Fatalf("door specs %+v", d.Doors)
	}
	wantOverlords := []Overlord{
		{
			LockOnEntry:  []string{"DOOR1"},
			Triggers:     []mathx.Vec2{mathx.V2(10.5, 6.5)},
			SpawnPoints:  []mathx.Vec2{mathx.V2(5.5, 8.5), mathx.V2(15.5, 8.5), mathx.V2(7.5, 13.5), mathx.V2(13.5, 13.5)},
			MaxInLevel:   4,
			SpawnsInWave: 6,
		},
		{
			LockOnEntry:  []string{"VAULT", "DOOR1"},
			Triggers:     []mathx.Vec2{mathx.V2(16.5, 2.5), mathx.V2(17, 3)},
			SpawnPoints:  []mathx.Vec2{mathx.V2(18.5, 1.5)},
			MaxInLevel:   1,
			SpawnsInWave: 2,
		},
	}
	if !reflect.DeepEqual(d.Overlords, wantOverlords) {
		t.Fatalf("overlords %+v", d.Overlords)
	}
	wantDoors := []NamedDoor{
		{Name: "DOOR1", At: mathx.Pt(10, 5), Locked: false, Axis: InRow},
		{Name: "VAULT", At: mathx.Pt(15, 2), Locked: true, Axis: InColumn},
	}
	if !reflect.DeepEqual(l.Doors, wantDoors) {
		t.Fatalf("doors %+v", l.Doors)
	}
}

// The paletted image with a transparent floor and a red pixel decodes to
// the same cells as its drawing; an absent "osr" is zero.
func TestLoadPalettedTransparent(t *testing.T) {
	l, err := Load(os.DirFS("testdata"), "small.png", "small.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := artGrid(l.Grid); !reflect.DeepEqual(got, floorArt(smallArt)) {
		t.Fatal(got)
	}
	if !reflect.DeepEqual(l.Doors, []NamedDoor{{Name: "D", At: mathx.Pt(2, 1), Axis: InRow}}) {
		t.Fatal(l.Doors)
	}
	if l.Description.Player.OSR != (mathx.Vec2{}) || l.Description.Overlords != nil {
		t.Fatal(l.Description)
	}
}

// Every pixel format the PNG codec can return classifies the same way:
// RGB, NRGBA (with transparency), paletted, 16-bit, gray.
func TestPixelFormats(t *testing.T) {
	want := floorArt(smallArt)
	nrgba := artNRGBA(smallArt, clear)
	rgba64 := image.NewNRGBA64(nrgba.Bounds())
	for y := 0; y < 3; y++ {
		for x := 0; x < 5; x++ {
			rgba64.Set(x, y, nrgba.At(x, y))
		}
	}
	imgs := map[string]image.Image{
		"rgb":      artNRGBA(smallArt, white),
		"nrgba":    nrgba,
		"paletted": artPaletted(smallArt),
		"nrgba64":  rgba64,
	}
	for name, m := range imgs {
		g, err := LoadGrid(fstest.MapFS{"m.png": {Data: encode(t, m)}}, "m.png")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := artGrid(g); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %v", name, got)
		}
	}
	// A gray image: black walls, everything else floor; no doors.
	gray := image.NewGray(image.Rect(0, 0, 3, 1))
	gray.Pix = []uint8{0, 128, 255}
	g, err := LoadGrid(fstest.MapFS{"g.png": {Data: encode(t, gray)}}, "g.png")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Cells, []Cell{Wall, Floor, Floor}) {
		t.Fatal(g.Cells)
	}
}

// Semi-transparent black is not a wall: colours match exactly.
func TestExactColours(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 3, 1))
	m.SetNRGBA(0, 0, color.NRGBA{0, 0, 0, 255})
	m.SetNRGBA(1, 0, color.NRGBA{0, 0, 0, 128})
	m.SetNRGBA(2, 0, color.NRGBA{1, 0, 0, 255})
	g, err := LoadGrid(fstest.MapFS{"m.png": {Data: encode(t, m)}}, "m.png")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Cells, []Cell{Wall, Floor, Floor}) {
		t.Fatal(g.Cells)
	}
}

func TestCustomColours(t *testing.T) {
	brick := color.NRGBA{150, 40, 20, 255}
	gate := color.NRGBA{250, 200, 0, 255}
	m := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for i := range m.Pix {
		m.Pix[i] = 255
	}
	m.SetNRGBA(1, 0, brick)
	m.SetNRGBA(1, 1, gate)
	m.SetNRGBA(1, 2, brick)
	m.SetNRGBA(0, 0, DefaultWallColor) // floor under the custom palette
	g, err := Loader{WallColor: brick, DoorColor: gate}.LoadGrid(fstest.MapFS{"m.png": {Data: encode(t, m)}}, "m.png")
	if err != nil {
		t.Fatal(err)
	}
	if got := artGrid(g); !reflect.DeepEqual(got, []string{".w.", ".D.", ".w."}) {
		t.Fatal(got)
	}
	if !reflect.DeepEqual(g.Doors, []GridDoor{{At: mathx.Pt(1, 1), Axis: InColumn}}) {
		t.Fatal(g.Doors)
	}
}

func TestWallStrips(t *testing.T) {
	g, err := LoadGrid(os.DirFS("testdata"), "tanktrum.png")
	if err != nil {
		t.Fatal(err)
	}
	strips := g.WallStrips()
	want := []mathx.Rect{
		mathx.R(0, 0, 1, 16),   // left border: a free wall below, so vertical
		mathx.R(1, 0, 21, 1),   // top border, to the right through every free wall
		mathx.R(15, 1, 16, 2),  // vault wall above its door: a single cell
		mathx.R(20, 1, 21, 16), // right border, below the top one
		mathx.R(15, 3, 16, 6),  // vault wall below its door, down through row 5
		mathx.R(1, 5, 10, 6),   // row 5 left of DOOR1
		mathx.R(11, 5, 15, 6),  // row 5 between DOOR1 and the vault wall
		mathx.R(16, 5, 20, 6),  // row 5 right of the vault wall
		mathx.R(8, 9, 9, 12),   // the L: vertical part first
		mathx.R(9, 9, 11, 10),  // the L: horizontal rest
		mathx.R(1, 15, 20, 16), // bottom border
	}
	if !reflect.DeepEqual(strips, want) {
		t.Fatalf("strips\n%v\nwant\n%v", strips, want)
	}
	// Property: the strips cover each wall cell exactly once and nothing else.
	cover := make([]int, len(g.Cells))
	for _, r := range strips {
		if r.Dx() != 1 && r.Dy() != 1 {
			t.Fatalf("strip %v wider than one cell", r)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				cover[y*g.Width+x]++
			}
		}
	}
	for i, c := range g.Cells {
		if (c == Wall) != (cover[i] == 1) || cover[i] > 1 {
			t.Fatalf("cell %d (%v) covered %d times", i, c, cover[i])
		}
	}
}

func TestStrings(t *testing.T) {
	got := []string{Floor.String(), Wall.String(), Door.String(), Cell(7).String(), InRow.String(), InColumn.String()}
	want := []string{"floor", "wall", "door", "cell(7)", "in-row", "in-column"}
	if !reflect.DeepEqual(got, want) {
		t.Fatal(got)
	}
}

// Seed 000's Listing 3.6 verbatim, read alone.
func TestListing36(t *testing.T) {
	d, err := LoadDescription(os.DirFS("testdata"), "listing36.json")
	if err != nil {
		t.Fatal(err)
	}
	want := &Description{
		File:   "listing36.json",
		Player: Player{Spawn: mathx.V2(10.5, 4.5), OSR: mathx.V2(0, 1)},
		Doors:  []DoorSpec{{Name: "DOOR1", Tile: mathx.Pt(10, 5)}},
		Overlords: []Overlord{{
			LockOnEntry:  []string{"DOOR1"},
			Triggers:     []mathx.Vec2{mathx.V2(10.5, 6.5)},
			SpawnPoints:  []mathx.Vec2{mathx.V2(5.5, 8.5), mathx.V2(15.5, 8.5), mathx.V2(7.5, 13.5), mathx.V2(13.5, 13.5)},
			MaxInLevel:   4,
			SpawnsInWave: 6,
		}},
	}
	if !reflect.DeepEqual(d, want) {
		t.Fatalf("%+v", d)
	}
	// Paired with the test map, whose second door it does not describe.
	_, err = Load(os.DirFS("testdata"), "tanktrum.png", "listing36.json")
	if !errors.Is(err, ErrRef) || err.Error() != "tanktrum.png: pixel (15,2): door with no entry in the doors of listing36.json" {
		t.Fatal(err)
	}
}
