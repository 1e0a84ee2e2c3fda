package loadutil

import "reflect"

// Defaults returns lim with every number field that is not positive
// (zero, negative, or a NaN) replaced by the same field of def: the one
// rule of every reader's Limits, that a zero field means the default, so
// that Limits{} is the defaults and Limits{MaxFileBytes: 1 << 30} raises
// one of them. Fields of other kinds (a nested Limits, a string) are
// left as they are. T must be a struct type of exported fields; Defaults
// panics otherwise (a programmer's error, caught by the first test that
// loads anything).
func Defaults[T any](lim, def T) T {
	v := reflect.ValueOf(&lim).Elem()
	d := reflect.ValueOf(def)
	for i := range v.NumField() {
		f := v.Field(i)
		var unset bool
		switch f.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			unset = f.Int() <= 0
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			unset = f.Uint() == 0
		case reflect.Float32, reflect.Float64:
			unset = !(f.Float() > 0)
		}
		if unset {
			f.Set(d.Field(i))
		}
	}
	return lim
}
