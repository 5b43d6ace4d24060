package testkit

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/internal/snapdigest"
)

// EditGzipJSON decodes gzip-compressed JSON (a snapshot file), applies edit
// to the decoded document — numbers kept exact as json.Number — and returns
// it re-encoded and re-compressed: what a user editing a .snap file by hand
// produces. A sealed snapshot (its "sha256" member) is sealed again over
// the edited content (snapdigest.Seal), so that the edit reaches the checks
// behind the digest, as a file written by another tool would.
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
	_, sealed := doc["sha256"]
	delete(doc, "sha256")
	edit(doc)
	content, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	if sealed {
		if content, err = snapdigest.Seal(content); err != nil {
			return nil, fmt.Errorf("testkit: %w", err)
		}
	}
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	if _, err := zw.Write(content); err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	return out.Bytes(), nil
}
