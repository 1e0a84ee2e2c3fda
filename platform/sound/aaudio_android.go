//go:build android && cgo

package sound

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <stddef.h>

// AAudio (Android 8.0, API 26) is opened with dlopen, so the library
// still loads on API 23-25 (which have no libaaudio.so: no sound there)
// and links against nothing past API 23. Only the C ABI of the handful of
// functions used is declared here.
typedef int32_t (*aa_create_fn)(void **builder);
typedef void (*aa_set_fn)(void *builder, int32_t v);
typedef int32_t (*aa_open_fn)(void *builder, void **stream);
typedef int32_t (*aa_stream_fn)(void *stream);
typedef int32_t (*aa_setbuf_fn)(void *stream, int32_t frames);
typedef int32_t (*aa_write_fn)(void *stream, const void *buf, int32_t frames, int64_t timeout);

static void *aa_lib;
static aa_write_fn aa_write_p;
static aa_stream_fn aa_close_p;

static void *aa_sym(const char *name) { return dlsym(aa_lib, name); }

enum { AA_FORMAT_PCM_I16 = 1, AA_PERFORMANCE_MODE_LOW_LATENCY = 12 };

// aa_open opens a started, low-latency, 16-bit stereo output at rate.
// On failure it returns NULL with *err < 0: -1000 no library, -1001 a
// missing function, else AAudio's own result code.
static void *aa_open(int32_t rate, int32_t *err, int32_t *got_rate, int32_t *buf_frames, int32_t *burst) {
	if (!aa_lib) aa_lib = dlopen("libaaudio.so", RTLD_NOW);
	if (!aa_lib) { *err = -1000; return NULL; }
	aa_create_fn create = (aa_create_fn)aa_sym("AAudio_createStreamBuilder");
	aa_set_fn set_rate = (aa_set_fn)aa_sym("AAudioStreamBuilder_setSampleRate");
	aa_set_fn set_channels = (aa_set_fn)aa_sym("AAudioStreamBuilder_setChannelCount");
	aa_set_fn set_format = (aa_set_fn)aa_sym("AAudioStreamBuilder_setFormat");
	aa_set_fn set_perf = (aa_set_fn)aa_sym("AAudioStreamBuilder_setPerformanceMode");
	aa_open_fn open_stream = (aa_open_fn)aa_sym("AAudioStreamBuilder_openStream");
	aa_stream_fn delete_builder = (aa_stream_fn)aa_sym("AAudioStreamBuilder_delete");
	aa_stream_fn start = (aa_stream_fn)aa_sym("AAudioStream_requestStart");
	aa_stream_fn get_rate = (aa_stream_fn)aa_sym("AAudioStream_getSampleRate");
	aa_stream_fn get_burst = (aa_stream_fn)aa_sym("AAudioStream_getFramesPerBurst");
	aa_setbuf_fn set_buf = (aa_setbuf_fn)aa_sym("AAudioStream_setBufferSizeInFrames");
	aa_write_p = (aa_write_fn)aa_sym("AAudioStream_write");
	aa_close_p = (aa_stream_fn)aa_sym("AAudioStream_close");
	if (!create || !set_rate || !set_channels || !set_format || !set_perf || !open_stream || !delete_builder ||
	    !start || !get_rate || !get_burst || !set_buf || !aa_write_p || !aa_close_p) {
		*err = -1001;
		return NULL;
	}
	void *b = NULL, *s = NULL;
	if ((*err = create(&b)) != 0) return NULL;
	set_rate(b, rate);
	set_channels(b, 2);
	set_format(b, AA_FORMAT_PCM_I16);
	set_perf(b, AA_PERFORMANCE_MODE_LOW_LATENCY);
	*err = open_stream(b, &s);
	delete_builder(b);
	if (*err != 0) return NULL;
	*got_rate = get_rate(s);
	*burst = get_burst(s);
	*buf_frames = set_buf(s, 2 * *burst); // two bursts: the low-latency setting
	if ((*err = start(s)) != 0) {
		aa_close_p(s);
		return NULL;
	}
	return s;
}

static int32_t aa_write(void *s, const void *buf, int32_t frames) {
	return aa_write_p(s, buf, frames, 1000000000LL); // blocks until written, 1 s at most
}

static void aa_close(void *s) { aa_close_p(s); }
*/
import "C"

import (
	"errors"
	"fmt"
	"io"
	"time"
	"unsafe"
)

// aaudioDevice writes the mixer to an AAudio stream from a goroutine in
// blocking mode (no callback into Go on AAudio's thread): each write is
// one burst, so the mixer runs a burst ahead of the device.
type aaudioDevice struct {
	s          unsafe.Pointer
	r          io.Reader
	rate       int
	bufFrames  int
	burst      int
	stop, done chan struct{}
}

func open(r io.Reader, rate int) (device, error) {
	var cerr, got, bufFrames, burst C.int32_t
	s := C.aa_open(C.int32_t(rate), &cerr, &got, &bufFrames, &burst)
	switch {
	case s == nil && cerr == -1000:
		return nil, errors.New("no AAudio on this device (Android 8.0 or later plays sound)")
	case s == nil && cerr == -1001:
		return nil, errors.New("AAudio lacks a function this build needs")
	case s == nil:
		return nil, fmt.Errorf("AAudio error %d opening the output", int(cerr))
	case int(got) != rate:
		C.aa_close(s)
		return nil, fmt.Errorf("AAudio opened the output at %d Hz, the mixer runs at %d", int(got), rate)
	}
	d := &aaudioDevice{s: s, r: r, rate: rate, bufFrames: max(int(bufFrames), 0), burst: max(int(burst), 64),
		stop: make(chan struct{}), done: make(chan struct{})}
	go d.loop()
	return d, nil
}

func (d *aaudioDevice) loop() {
	defer close(d.done)
	buf := make([]byte, 4*d.burst)
	for {
		select {
		case <-d.stop:
			return
		default:
		}
		n, _ := d.r.Read(buf)
		if n < 4 {
			continue
		}
		if C.aa_write(d.s, unsafe.Pointer(&buf[0]), C.int32_t(n/4)) < 0 {
			return // the stream failed (device gone): silent from here on
		}
	}
}

func (d *aaudioDevice) Close() error {
	close(d.stop)
	<-d.done
	C.aa_close(d.s)
	return nil
}

func (d *aaudioDevice) Buffered() time.Duration {
	return time.Duration(int64(d.bufFrames+d.burst) * int64(time.Second) / int64(d.rate))
}
