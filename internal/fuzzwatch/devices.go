package fuzzwatch

import "bytes"

// devicePrefixes are the paths of devices and kernel files: a fuzzed input
// naming one (a scenario "/dev/zero") reads forever or touches the machine,
// as the user who typed it asked.
var devicePrefixes = [][]byte{[]byte("/dev"), []byte("/proc"), []byte("/sys")}

// NamesDevice reports whether data mentions a device or kernel path (in
// any case): fuzz targets whose inputs name files to read skip such inputs.
func NamesDevice(data []byte) bool {
	lower := bytes.ToLower(data)
	for _, p := range devicePrefixes {
		if bytes.Contains(lower, p) {
			return true
		}
	}
	return false
}
