// Package atlas owns sprite atlases and animation.
//
//   - Packing ([Pack], [Builder]): MaxRects (the default, it packs
//     tighter) or skyline, several pages, padding, edge extrusion against
//     bleeding, transparent-border trimming that keeps the original size
//     and offset, optional power-of-two pages; from images at run time
//     (also from an embed.FS) or offline with cmd/atlaspack.
//   - Sheet descriptions: TexturePacker JSON ([ParseTexturePacker],
//     [LoadTexturePacker]: hash and array, trimmed and rotated frames,
//     pivots, 9-slice borders, "animations", and the multi-page forms:
//     Phaser's "textures" array and PixiJS's meta.related_multi_packs)
//     in and out, Aseprite JSON ([ParseAsepriteJSON], [LoadAsepriteJSON]:
//     hash and array, inner padding and extrusion, per-frame durations,
//     frame tags with their direction, repeat count and user data,
//     layers, slices with 9-slice centres and pivots) in, and grid sprite
//     sheets ([FromGrid]). Every loader checks every rectangle and reports
//     errors as [*Error] naming the file and the field; nothing
//     panics on hostile input.
//   - Aseprite's own .ase/.aseprite files ([ParseAseprite],
//     [LoadAseprite]): frames composited from the visible layers
//     (cel and layer opacity, every blend mode, groups, linked cels,
//     z-index, tilemaps; RGBA, grayscale and indexed colour) into the
//     atlas Aseprite's sheet export would give, with tags, layers, slices
//     and user data, so a game needs no export step. Sizes are bounded
//     from the header before anything is allocated.
//   - 9-slices: [Frame.Center] (TexturePacker borders) and Aseprite slice
//     centres become raster nine-slices ([Atlas.NineSlice],
//     [Atlas.SliceNineSlice]) that draw at any size.
//   - Frames as raster sprites ([Atlas.Sprite]) that draw pixel-identical
//     to their source images.
//   - Animation ([Clip], [Player]): durations in milliseconds or
//     simulation ticks, forward, reverse, ping-pong and reverse ping-pong,
//     repeat counts, and facings chosen from a heading ([DirectionSet]:
//     4, 8, 16 directions or IsoMob's four sprite angles).
//
// atlas may import raster and mathx; never iso, scene, physics, ai, loop or
// platform.
package atlas
