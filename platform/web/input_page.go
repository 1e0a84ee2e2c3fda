//go:build !js

package web

// inputTestPage is index.html plus a script that, once the first frame is
// presented, dispatches a touch drag, a mouse move and a key press the
// way a browser would deliver them. The Chromium input test loads it.
const inputTestPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>Diorama input test</title>
<style>html, body { margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; background: #000; }
canvas { display: block; }</style></head>
<body><canvas id="diorama"></canvas>
<script src="wasm_exec.js"></script>
<script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("main.wasm"), go.importObject).then((r) => go.run(r.instance));
function fire() {
	const c = document.getElementById("diorama");
	if (!document.body.hasAttribute("data-frames")) { setTimeout(fire, 20); return; }
	// Client positions of frame points under the canvas's current layout
	// (headless Chromium lays the page out smaller than --window-size while
	// it runs, then resizes it for the screenshot: the page letterboxes).
	const r = c.getBoundingClientRect();
	const at = (fx, fy) => [r.left + fx * r.width / 320, r.top + fy * r.height / 240];
	const touch = (fx, fy) => { const [x, y] = at(fx, fy); return new Touch({ identifier: 1, target: c, clientX: x, clientY: y }); };
	const opts = (t) => ({ changedTouches: [t], touches: [t], bubbles: true, cancelable: true });
	c.dispatchEvent(new TouchEvent("touchstart", opts(touch(100, 150))));
	c.dispatchEvent(new TouchEvent("touchmove", opts(touch(130, 150))));
	const [mx, my] = at(50.5, 25.5);
	c.dispatchEvent(new MouseEvent("mousemove", { clientX: mx, clientY: my, bubbles: true }));
	window.dispatchEvent(new KeyboardEvent("keydown", { code: "KeyD" }));
	window.dispatchEvent(new KeyboardEvent("keydown", { code: "KeyD", repeat: true }));
	document.body.setAttribute("data-fired", r.left + "," + r.top + "," + r.width + "," + r.height);
}
setTimeout(fire, 20);
</script></body></html>
`
