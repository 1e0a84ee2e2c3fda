package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
)

// The shipped levels are written as character layouts here and turned into
// the files under levels/ (Tiled maps and their tileset image, an image
// level) by genAssets, which TestAssets runs: with -update it writes them,
// without it checks that the committed files are exactly what it makes.
// The game itself only ever reads the embedded files.
//
// Layout legend: '#' wall, 'c' crate (raised, solid), '.' grass, ','
// concrete, 'D' door, 'P' player, 'T' wave trigger, 'S' enemy spawn,
// 'h' health, 'a' ammo, 'r' rocket launcher.

// tiledLevel is one Tiled map to generate.
type tiledLevel struct {
	file   string
	rows   []string
	waves  []waveDef // index by zone
	zoneOf func(x, y int) int
	doors  []doorDef
}

type waveDef struct {
	max, total int
	enemies    string
	locks      string
}

type doorDef struct{ x, y int }

var level1 = tiledLevel{
	file: "outpost.tmx",
	rows: []string{
		"########################",
		"#......#...............#",
		"#..P...#...c.......S...#",
		"#......#...............#",
		"#..h...D.T....##.......#",
		"#......#......##...c...#",
		"#..a...#...............#",
		"#......#.S..........S..#",
		"#..r...#...............#",
		"################D#######",
		"#...........,,,T,,.....#",
		"#.S...cc....,,,,,,...S.#",
		"#...........,,,,,,.....#",
		"#.....##..........cc...#",
		"#...S.........h.....S..#",
		"########################",
	},
	waves: []waveDef{
		{max: 4, total: 8, enemies: "drone,gunner,drone,fuzzy", locks: "door1,door2"},
		{max: 5, total: 10, enemies: "turret,squad,squad,squad,cover,drone", locks: "door2"},
	},
	zoneOf: func(x, y int) int {
		if y > 9 {
			return 1
		}
		return 0
	},
}

var level2 = tiledLevel{
	file: "crossroads.tmx",
	rows: []string{
		"####################",
		"#........#.........#",
		"#..P.....#...S.....#",
		"#...,,,..#.........#",
		"#...,,,..DT..c.....#",
		"#..h.....#.....##..#",
		"###D######.....##..#",
		"#..T...............#",
		"#..S..cc......,,...#",
		"#.....cc......,,.S.#",
		"#.........##.......#",
		"#..a......##...c...#",
		"#..................#",
		"#....S....r.....S..#",
		"####################",
	},
	waves: []waveDef{
		{max: 6, total: 14, enemies: "drone,turret,gunner,fuzzy,cover,melee,squad,squad,squad", locks: "door1,door2"},
	},
	zoneOf: func(x, y int) int { return 0 },
}

// asciiLevel is the seed 004 text level (its own legend: w wall, t/b half
// walls, s player, e enemy spawn, p pickup).
const asciiLevel = `wwwwwwwwwwwwwwww
w--------------w
w-s----t----e--w
w------t-------w
w--b------bb---w
w-----e--------w
w-p---www---e--w
w--------------w
w-e----t----p--w
w--------------w
wwwwwwwwwwwwwwww
`

// imageLevelRows is the seed 000 image level: walls black, the door blue.
var imageLevelRows = []string{
	"####################",
	"#......#...........#",
	"#..P...D.....S.....#",
	"#......#...........#",
	"#......#..##...##..#",
	"########..##...##..#",
	"#..................#",
	"#..S.....T.....S...#",
	"#..................#",
	"#.....##.....##....#",
	"#..................#",
	"####################",
}

const imageLevelJSON = `{
  "player": {"sp": {"x": 3.5, "y": 2.5}},
  "doors": [{"name": "DOOR1", "tile": {"x": 7, "y": 2}, "locked": false}],
  "overlords": [{
    "lock_on_entry": ["DOOR1"],
    "triggers": [{"x": 9.5, "y": 7.5}, {"x": 9.5, "y": 3.5}],
    "spawn_points": [{"x": 13.5, "y": 2.5}, {"x": 3.5, "y": 7.5}, {"x": 15.5, "y": 7.5}, {"x": 17.5, "y": 10.5}],
    "max_in_level": 5,
    "spawns_in_wave": 12
  }]
}
`

// Tileset tiles (local ids).
const (
	tGrass = iota
	tConcrete
	tWall
	tCrate
	numTiles

	propsGID = numTiles + 1 // first gid of props.tsx
)

// tilesetImage draws the Tiled tileset: 64×64 cells, floors at the bottom.
func tilesetImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64*numTiles, 64))
	put := func(k int, src *image.NRGBA) {
		b := src.Bounds()
		draw.Draw(img, image.Rect(64*k, 64-b.Dy(), 64*k+b.Dx(), 64), src, image.Point{}, draw.Src)
	}
	put(tGrass, floorImage(grassColor, 1, false))
	put(tConcrete, floorImage(concreteColor, 2, true))
	put(tWall, blockImage(wallColor, 32, 11, true))
	put(tCrate, blockImage(crateColor, 14, 12, false))
	return img
}

var (
	grassColor    = color.NRGBA{86, 128, 70, 255}
	concreteColor = color.NRGBA{130, 130, 124, 255}
)

const tilesetTSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="tiles" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="tiles.png" width="256" height="64"/>
</tileset>
`

// propsTSX is the same picture as a tileset for tile objects: offset half
// a tile down, so an object placed on a cell's centre stands on the cell.
const propsTSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <tileoffset x="0" y="16"/>
 <image source="tiles.png" width="256" height="64"/>
</tileset>
`

// tmx writes a Tiled isometric map for l.
func (l tiledLevel) tmx() ([]byte, error) {
	h := len(l.rows)
	w := len(l.rows[0])
	for i, r := range l.rows {
		if len(r) != w {
			return nil, fmt.Errorf("%s: row %d has %d cells, want %d", l.file, i, len(r), w)
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="isometric" renderorder="right-down" width="%d" height="%d" tilewidth="64" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="1">
 <tileset firstgid="1" source="tiles.tsx"/>
 <tileset firstgid="%d" source="props.tsx"/>
`, w, h, propsGID)
	layer := func(id int, name string, solid bool, gid func(c byte) int) {
		fmt.Fprintf(&b, " <layer id=\"%d\" name=\"%s\" width=\"%d\" height=\"%d\">\n", id, name, w, h)
		if solid { // walls: solid, and drawn sorted with the things above
			b.WriteString("  <properties>\n   <property name=\"solid\" type=\"bool\" value=\"true\"/>\n   <property name=\"sorted\" type=\"bool\" value=\"true\"/>\n  </properties>\n")
		}
		b.WriteString("  <data encoding=\"csv\">\n")
		for y, r := range l.rows {
			for x := range w {
				fmt.Fprintf(&b, "%d", gid(r[x]))
				if x < w-1 || y < h-1 {
					b.WriteByte(',')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteString("</data>\n </layer>\n")
	}
	layer(1, "ground", false, func(c byte) int {
		if c == ',' {
			return tConcrete + 1
		}
		return tGrass + 1
	})
	layer(2, "walls", true, func(c byte) int {
		if c == '#' {
			return tWall + 1
		}
		return 0
	})
	b.WriteString(" <objectgroup id=\"3\" name=\"things\">\n")
	id := 1
	obj := func(name, class string, x, y float64, wd, ht float64, props string) {
		fmt.Fprintf(&b, "  <object id=\"%d\" name=\"%s\" class=\"%s\"", id, name, class)
		if class == "crate" {
			fmt.Fprintf(&b, " gid=\"%d\"", propsGID+tCrate)
		}
		fmt.Fprintf(&b, " x=\"%g\" y=\"%g\"", x, y)
		id++
		if wd > 0 {
			fmt.Fprintf(&b, " width=\"%g\" height=\"%g\"", wd, ht)
		}
		b.WriteString(">\n")
		if props != "" {
			b.WriteString("   <properties>\n" + props + "   </properties>\n")
		}
		if wd == 0 && class != "crate" {
			b.WriteString("   <point/>\n")
		}
		b.WriteString("  </object>\n")
	}
	prop := func(name, typ, v string) string {
		return fmt.Sprintf("    <property name=\"%s\" type=\"%s\" value=\"%s\"/>\n", name, typ, v)
	}
	const th = 32 // object units: tile heights on both axes
	doors := 0
	for y, r := range l.rows {
		for x := range w {
			cx, cy := (float64(x)+0.5)*th, (float64(y)+0.5)*th
			switch r[x] {
			case 'c': // a crate: solid, breaks under fire
				obj("crate", "crate", cx, cy, 64, 64, prop("solid", "bool", "true")+prop("health", "int", "60")+prop("height", "float", "0.45"))
			case 'P':
				obj("player", "player", cx, cy, 0, 0, prop("health", "int", "100")+prop("collector", "bool", "true")+prop("radius", "float", "0.34"))
			case 'S':
				obj(fmt.Sprintf("wave%d", l.zoneOf(x, y)+1), "spawn", cx, cy, 0, 0, "")
			case 'T':
				z := l.zoneOf(x, y)
				wv := l.waves[z]
				obj(fmt.Sprintf("wave%d", z+1), "overlord", float64(x)*th, float64(y)*th, 3*th, 2*th,
					prop("max_in_level", "int", fmt.Sprint(wv.max))+prop("spawns_in_wave", "int", fmt.Sprint(wv.total))+
						prop("enemies", "string", wv.enemies)+prop("lock_on_entry", "string", wv.locks))
			case 'D':
				doors++
				obj(fmt.Sprintf("door%d", doors), "door", float64(x)*th, float64(y)*th, th, th, "")
			case 'h':
				obj("health", "pickup", cx-6, cy-6, 12, 12, prop("value", "int", "40"))
			case 'a':
				obj("ammo", "pickup", cx-6, cy-6, 12, 12, prop("value", "int", "40"))
			case 'r':
				obj("rockets", "pickup", cx-6, cy-6, 12, 12, prop("value", "int", "12"))
			}
		}
	}
	b.WriteString(" </objectgroup>\n</map>\n")
	return b.Bytes(), nil
}

// imageLevelPNG draws the image level: black walls, blue doors, white floor.
func imageLevelPNG() ([]byte, error) {
	h, w := len(imageLevelRows), len(imageLevelRows[0])
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y, r := range imageLevelRows {
		for x := range w {
			c := color.NRGBA{255, 255, 255, 255}
			switch r[x] {
			case '#':
				c = color.NRGBA{0, 0, 0, 255}
			case 'D':
				c = color.NRGBA{0, 0, 255, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// genAssets returns every generated file (levels/ and art/) by path.
func genAssets() (map[string][]byte, error) {
	out := map[string][]byte{}
	var b bytes.Buffer
	if err := png.Encode(&b, tilesetImage()); err != nil {
		return nil, err
	}
	out["levels/tiles.png"] = b.Bytes()
	out["levels/tiles.tsx"] = []byte(tilesetTSX)
	out["levels/props.tsx"] = []byte(propsTSX)
	for _, l := range []tiledLevel{level1, level2} {
		data, err := l.tmx()
		if err != nil {
			return nil, err
		}
		out["levels/"+l.file] = data
	}
	out["levels/bunker.lev"] = []byte(asciiLevel)
	img, err := imageLevelPNG()
	if err != nil {
		return nil, err
	}
	out["levels/tanktrum.png"] = img
	out["levels/tanktrum.json"] = []byte(imageLevelJSON)
	if out["art/sprites.png"], out["art/sprites.json"], err = genArt(); err != nil {
		return nil, err
	}
	sfx, err := genSounds()
	maps.Copy(out, sfx)
	return out, err
}
