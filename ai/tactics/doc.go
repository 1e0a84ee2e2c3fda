// Package tactics holds the terrain reasoning and group tactics of
// Diorama's agents:
//
//   - influence maps on a grid ([Map], a plain []float32 per layer so that
//     drawing one is trivial): danger stamped and spread with a separable
//     Gaussian ([Blur]), safety from line of sight to the threats with a
//     fall-off behind cover, and their combination into a cover score
//     ([Analyzer], terrain analysis) with cover-point selection;
//   - a terrain-analysis enemy's loop, hide → reload → track →
//     attack → hide, as a reusable component ([TerrainLoop]);
//   - formations (line, V and circle) whose slots are assigned to members
//     so that total travel is minimal (Hungarian algorithm, [Assigner]),
//     regrouping after a death, and the Markov-style safety vector updated
//     when a member is hit ([Formation]);
//   - perception: a field-of-view cone with line of sight, a hearing
//     radius, and a reaction delay and memory counted in ticks ([Senses],
//     [Awareness]).
//
// Everything is deterministic (no wall clock, no map iteration) and the
// per-tick work allocates nothing once buffers have grown. World knowledge
// comes in only through the function types [RayCast], [LineOfSight] and
// [Accessible]. Package tactics imports only mathx and the standard
// library; it must NOT import physics, scene, raster, iso or other engine
// packages (drawing a map over an iso scene belongs to the caller).
package tactics
