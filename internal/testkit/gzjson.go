package testkit

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
)

// EditGzipJSON decodes gzip-compressed JSON (a snapshot file), applies edit
// to the decoded document — numbers kept exact as json.Number — and returns
// it re-encoded and re-compressed: what a user editing a .snap file by hand
// produces.
func EditGzipJSON(data []byte, edit func(doc map[string]any)) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	dec := json.NewDecoder(zr)
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	edit(doc)
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	if err := json.NewEncoder(zw).Encode(doc); err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	return out.Bytes(), nil
}
