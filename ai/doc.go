// Package ai is the root of Diorama's artificial intelligence packages:
// ai/nav (graphs, searches, navmeshes, paths), ai/steer (steering and swarm
// avoidance), ai/bt (behaviour trees), ai/fsm (state machines), ai/fuzzy
// (fuzzy logic) and ai/tactics (terrain analysis, formations, perception).
//
// The ai packages import only mathx, the standard library and each other
// (ai/nav at the bottom). World knowledge comes in through small function
// types (walkable, line of sight), never physics or scene types.
package ai
