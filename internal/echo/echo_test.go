package echo

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuoteAndClip(t *testing.T) {
	long := strings.Repeat("a", 10_000)       // the 10 KB value of issue 26
	atMax := strings.Repeat("b", Max)         // echoed whole
	wide := strings.Repeat("a", Max-1) + "éé" // "é" is 2 bytes: the first straddles byte Max
	quoted := strings.Repeat("\x00", Max+1)   // escapes make the quoted form longer, not the cut
	tests := []struct {
		name, in, quote, clip string
	}{
		{"short", "Infektion", `"Infektion"`, "Infektion"},
		{"empty", "", `""`, ""},
		{"exactly Max bytes", atMax, strconv.Quote(atMax), atMax},
		{"10 KB", long, strconv.Quote(long[:Max]) + "… (10000 bytes)", long[:Max] + "… (10000 bytes)"},
		{"cut inside a character", wide, strconv.Quote(wide[:Max-1]) + "… (83 bytes)", wide[:Max-1] + "… (83 bytes)"},
		{"escapes", quoted, strconv.Quote(quoted[:Max]) + "… (81 bytes)", quoted[:Max] + "… (81 bytes)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.quote, Quote(tc.in))
			assert.Equal(t, tc.clip, Clip(tc.in))
		})
	}
}
