package model

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/phases"
)

// TestMemoryAdvice: the refusal's advice names what the run already uses
// and the next step. Sizes are made up so that one kind of item is more
// than half the estimate.
func TestMemoryAdvice(t *testing.T) {
	patches := func(n, bytes int) phases.Storage {
		return phases.Storage{ElemBytes: bytes, Dims: []phases.Dim{{N: n, Unit: "patches"}}}
	}
	matrix := phases.Storage{ElemBytes: 4, Dims: []phases.Dim{{N: 100000, Unit: "patches"}, {N: 100000, Unit: "patches"}}}
	tracker := phases.Storage{ElemBytes: 8, Dims: []phases.Dim{{N: 3, Unit: "states"}, {N: 1000000, Unit: "ticks"}}}
	for _, tc := range []struct {
		name  string
		items []MemoryItem
		want  string
		not   string
	}{
		{"a factored matrix", []MemoryItem{{Component: "InfectionProcess mixing", Storage: matrix, Shared: true}},
			`for this many patches use the Infection's storage = "streaming"`, "already"},
		{"the hierarchical operator", []MemoryItem{{Component: "InfectionProcess mixing", Storage: patches(1000000, 10000), Shared: true}},
			`the run already uses storage = "hierarchical" (about 10 kB per patch): the next step is storage = "streaming"`, "for this many patches"},
		{"per-patch tables, hierarchical", []MemoryItem{
			{Component: "InfectionProcess mixing", Storage: patches(1000, 10000), Shared: true},
			{Component: patchStateItem, Storage: patches(1000000, 150)},
			{Component: patchWritersItem, Storage: patches(1000000, 340)},
			{Component: gcHeadroomItem + " (…)", Storage: patches(1000000, 490)}},
			"the per-patch items grow with the patches, and the mixing is already hierarchical: track groups instead of patches", `use the Infection's storage = "streaming"`},
		{"per-patch tables, streaming", []MemoryItem{
			{Component: patchStateItem, Storage: patches(1000000, 150)},
			{Component: patchWritersItem, Storage: patches(1000000, 340)}},
			`the mixing already keeps nothing of size N × N (storage = "streaming", a truncated mixer or none)`, `use the Infection's storage = "streaming"`},
		{"ticks", []MemoryItem{{Component: "StateTracker", Storage: tracker}},
			"use fewer ticks, fewer or coarser trackers", "patches"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := (&MemoryError{Estimate: MemoryEstimate{Ticks: 1, Items: tc.items}, Limit: 1, Source: "test"}).Error()
			advice := msg[strings.LastIndex(msg, "\n")+1:] // the last line
			assert.Contains(t, advice, tc.want)
			assert.NotContains(t, advice, tc.not)
		})
	}
}
