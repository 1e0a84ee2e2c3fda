// Package ui is Diorama's reusable game interface: labels, buttons,
// menus (lists of buttons), message boxes, popups, speech bubbles and
// toasts, laid out by the package and drawn through the rasterizer, for
// mouse, keys, gamepad and touch alike.
//
// It owns:
//
//   - [Widget]: a label, a button, an image (a sprite: an icon), or a
//     vertical or horizontal stack of widgets ([Label], [Button], [Image],
//     [Column], [Row]). Sizes come from the text (raster.Font.Measure), the
//     [Theme]'s padding and gaps and the widgets' minimum sizes; a column
//     stretches its children to its width, a row places them as a group
//     ([Align]); text wraps at spaces past a MaxW. A column with a MaxH
//     is a scrolling list that follows the focus and the mouse wheel. A
//     widget belongs to one parent.
//   - [Panel]: a box of widgets with an optional title, anchored to a
//     corner, an edge or the centre of the screen (a margin away from the
//     edges), or to a screen point the game gives each frame (a speech
//     bubble above a unit: the point comes from the game's camera, for
//     example iso.Camera.MapToScreen of the unit's drawn position). A modal
//     panel shades the screen and traps focus and input (with
//     CloseOutside, a press outside it closes it). [Menu],
//     [MessageBox] and [Bubble] build the common ones.
//   - [UI]: the open panels, one focus model and the toast queue. Update
//     reads a tick's platform.Input and returns an [Event] (a button
//     activated, a cancel, or focus moved); Draw adds everything to a
//     raster.DrawList. Toasts queue, show for a number of ticks and fade.
//     No callbacks and no goroutines: the game switches on the event.
//   - [Theme]: colours, paddings, sizes and the font (the built-in bitmap
//     font by default, or any raster.ParseOpenType font).
//
// Focus works the same for every device: arrows, Tab, the gamepad d-pad
// and left stick move it along the focus order (repeating while held); Enter, Space and gamepad A activate;
// Escape and gamepad B cancel (closing a modal panel and giving focus back
// to where it was). The mouse focuses what it moves over and activates a
// button pressed and released on it; a finger taps. Disabled buttons are
// skipped.
//
// Drawing a static UI and updating it allocate nothing in steady state
// (TestZeroAllocs); golden frames of every widget state live in
// testdata/.
//
// ui may import raster, mathx and platform (for Input only) and the
// standard library; it never imports scene, iso, atlas, physics, ai or
// loop: world positions come in as screen points.
package ui
