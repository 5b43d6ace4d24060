package shapefile

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"
)

// utf8Encodings are the .cpg contents (trimmed, compared without case)
// under which the DBF's character fields are read as UTF-8 (SPEC §10.2
// step 3). ASCII is a subset of UTF-8.
var utf8Encodings = []string{"UTF-8", "UTF8", "65001", "ASCII"}

// checkEncoding reads the .cpg file, if any, and fails unless it names
// UTF-8 or ASCII.
func checkEncoding(cpg string) error {
	if cpg == "" {
		return nil
	}
	raw, err := os.ReadFile(cpg)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(strings.TrimPrefix(string(raw), "\uFEFF"))
	for _, e := range utf8Encodings {
		if strings.EqualFold(name, e) {
			return nil
		}
	}
	return fmt.Errorf("%s: unsupported DBF encoding %q (rubeola reads UTF-8 only: UTF-8, UTF8, 65001 or ASCII)", cpg, name)
}

// cellText decodes a character cell as UTF-8 and strips Unicode whitespace
// at both ends and NULs at the end. Invalid UTF-8 is an error.
func cellText(cell []byte) (string, error) {
	cell = bytes.TrimRightFunc(cell, func(r rune) bool { return r == 0 || unicode.IsSpace(r) })
	cell = bytes.TrimLeftFunc(cell, unicode.IsSpace)
	if !utf8.Valid(cell) {
		return "", fmt.Errorf("invalid UTF-8 %q", cell)
	}
	return string(cell), nil
}
