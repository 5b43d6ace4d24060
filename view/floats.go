package view

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"math"
	"strconv"
)

// Floats is an array of float32 values as the page reads it: little-endian
// bytes, gzip-compressed, base64-encoded (the page undoes gzip with the
// browser's DecompressionStream). Compressed, the per-patch series of a
// run take a fraction of their 4 bytes a value.
type Floats struct {
	Type string `json:"type"` // always "f32"
	Len  int    `json:"len"`
	Gzip bool   `json:"gzip"`
	B64  string `json:"b64"`
}

// EncodeFloats encodes values as [Floats] (NaN and ±Inf are kept as
// float32 NaN and ±Inf).
func EncodeFloats(values []float64) Floats {
	raw := make([]byte, 4*len(values))
	for i, v := range values {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(v)))
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed) // a valid level: no error
	_, _ = zw.Write(raw)                               // a bytes.Buffer does not fail
	_ = zw.Close()
	return Floats{Type: "f32", Len: len(values), Gzip: true, B64: base64.StdEncoding.EncodeToString(buf.Bytes())}
}

// JSONNumber is a float64 written as a JSON number, or null when it is
// NaN or infinite (JSON has neither).
type JSONNumber float64

// MarshalJSON writes the shortest decimal that reads back to the same
// float64, or null.
func (x JSONNumber) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// numbers converts xs to JSON numbers.
func numbers(xs []float64) []JSONNumber {
	out := make([]JSONNumber, len(xs))
	for i, x := range xs {
		out[i] = JSONNumber(x)
	}
	return out
}
