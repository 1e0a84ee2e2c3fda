//go:build cgo && !android && !js && !ios

package desktop

import (
	"bytes"
	"errors"
	"log"
	"strings"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// go-gl/glfw reports GLFW's platform errors only through the standard
// logger (log.Println) and then returns success: glfw.Init returns nil
// when the X server named by DISPLAY does not answer ("X11: Failed to
// open display :5"), and glfw.CreateWindow returns a nil window with a
// nil error when the platform refuses one. The next GLFW call then panics
// ("The GLFW library is not initialized"). glfwCall and glfwInitialized
// turn both into errors.

// glfwCall runs f with the standard logger captured and returns f's
// error, or, when f succeeded but GLFW logged platform errors, those
// errors (one line) as platform. The captured lines are passed on to the
// real logger when the caller decides they were not fatal (see
// [forwardLogged]).
func glfwCall(f func() error) (platform string, err error) {
	var buf bytes.Buffer
	out, flags, prefix := log.Writer(), log.Flags(), log.Prefix()
	log.SetOutput(&buf)
	log.SetFlags(0)
	log.SetPrefix("")
	defer func() {
		log.SetOutput(out)
		log.SetFlags(flags)
		log.SetPrefix(prefix)
	}()
	err = f()
	return strings.Join(strings.Fields(buf.String()), " "), err
}

// forwardLogged passes platform errors GLFW logged during a call that
// still succeeded on to the standard logger.
func forwardLogged(platform string) {
	if platform != "" {
		log.Println(platform)
	}
}

// glfwInitialized reports whether GLFW is initialised, by calling
// glfw.GetTime, which panics with a NotInitialized error when it is not.
func glfwInitialized() (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

// initGLFW initialises GLFW, returning an error (GLFW's own message when
// it logged one) when it did not initialise.
func initGLFW() error {
	logged, err := glfwCall(glfw.Init)
	if err == nil && !glfwInitialized() {
		if logged == "" {
			logged = "GLFW did not initialise"
		}
		return errors.New(logged)
	}
	if err != nil {
		return err
	}
	forwardLogged(logged)
	return nil
}

// createWindow is glfw.CreateWindow returning an error, never a nil
// window without one.
func createWindow(w, h int, title string) (*glfw.Window, error) {
	var win *glfw.Window
	logged, err := glfwCall(func() (err error) {
		win, err = glfw.CreateWindow(w, h, title, nil, nil)
		return err
	})
	if err == nil && win == nil {
		if logged == "" {
			logged = "GLFW returned no window"
		}
		return nil, errors.New(logged)
	}
	if err != nil {
		return nil, err
	}
	forwardLogged(logged)
	return win, nil
}
