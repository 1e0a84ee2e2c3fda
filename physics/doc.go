// Package physics is Diorama's 2D collision and response: shapes, bodies,
// broad phase, separating-axis narrow phase, continuous collision for fast
// bodies such as bullets, resolution and queries.
//
// physics imports only mathx and the standard library; it knows nothing of
// rendering, scenes or AI.
package physics
