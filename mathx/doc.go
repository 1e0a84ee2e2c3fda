// Package mathx holds the small value types the whole engine shares:
// float vectors ([Vec2], [Vec3]), integer points and rectangles ([Point],
// [Rect]) that convert to and from the image package's, float bounding
// boxes ([AABB]), 2×3 affine matrices ([Affine2]), angle helpers, quadratic
// and cubic Bézier curves with flattening, and a seeded deterministic random
// source ([Rand]).
//
// Every product is rounded before it is added (an explicit float64
// conversion, which the Go spec says prevents fused multiply-add; Scale
// and Mul round their products too, so v.Add(w.Scale(s)) never fuses
// after inlining), and the elementary functions a simulation needs are
// the engine's own ([Sin], [Cos], [Sincos], [Atan], [Atan2], [Hypot],
// [Exp]: fdlibm's algorithms within 1 ulp, written the same way) instead
// of math's, whose results differ between architectures (assembly on
// some, FMA-fused Go on others). So results are bit-identical on amd64
// (v1 and v3), 386, arm64 and wasm: simulations built on mathx hash the
// same on desktop, Android and the web. Sqrt, Floor, Abs, Mod and the
// like are exact in IEEE arithmetic; math's are fine.
//
// Everything here is a plain value with no hidden state, so it is safe to
// copy, compare and hash. mathx imports only the standard library; every
// other engine package may import it, and it must never import any of them.
package mathx
