// Package mathx holds the small value types the whole engine shares:
// float vectors ([Vec2], [Vec3]), integer points and rectangles ([Point],
// [Rect]) that convert to and from the image package's, float bounding
// boxes ([AABB]), 2×3 affine matrices ([Affine2]), angle helpers, quadratic
// and cubic Bézier curves with flattening, and a seeded deterministic random
// source ([Rand]).
//
// Everything here is a plain value with no hidden state, so it is safe to
// copy, compare and hash. mathx imports only the standard library; every
// other engine package may import it, and it must never import any of them.
package mathx
