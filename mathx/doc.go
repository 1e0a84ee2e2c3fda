// Package mathx holds the small value types the whole engine shares:
// float vectors ([Vec2], [Vec3]), integer points and rectangles ([Point],
// [Rect]) that convert to and from the image package's, float bounding
// boxes ([AABB]), 2×3 affine matrices ([Affine2]), angle helpers, quadratic
// and cubic Bézier curves with flattening, and a seeded deterministic random
// source ([Rand]).
//
// Every product is rounded before it is added (an explicit float64
// conversion, which the Go spec says prevents fused multiply-add), so
// results are bit-identical on amd64 and on arm64, where the compiler
// would otherwise fuse: simulations built on mathx hash the same on
// desktop and Android.
//
// Everything here is a plain value with no hidden state, so it is safe to
// copy, compare and hash. mathx imports only the standard library; every
// other engine package may import it, and it must never import any of them.
package mathx
