package plot

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTableTitle: a user table's picture names its states in the title
// unless the list is cut or longer than maxGridTitle characters.
func TestTableTitle(t *testing.T) {
	doses := []string{"MCV1", "MCV2", "SIA", "MCV1_immunised", "MCV2_immunised", "SIA_immunised"} // DosesTracker's states
	tests := []struct {
		name, file     string
		states, groups []string
		shown, lines   int
		want           string
	}{
		{"one state, one group", "t.csv", []string{"W"}, []string{"all"}, 1, 1, "W by group over time (group all, t.csv)"},
		{"short list", "t.csv", []string{"W", "V"}, []string{"a", "b"}, 2, 2, "W, V by group over time (2 groups, t.csv)"},
		{"cut states and groups", "t.csv", []string{"W", "V", "U"}, []string{"a", "b", "c"}, 2, 2, "T: the first 2 of 3 states by group (the first 2 of 3 groups, t.csv)"},
		{"six long names (they ran past both edges)", "t.csv", doses, []string{"north", "south"}, 6, 2, "T by group over time (2 groups, t.csv)"},
		{"doses: events, drawn as running totals", "doses.csv", doses, []string{"north", "south"}, 6, 2, "Doses given by group, running totals (2 groups, doses.csv)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := &Table{Path: "/x/" + tt.file, Column: "count", States: tt.states, Groups: tt.groups}
			got := tableTitle(tab, tt.shown, tt.lines)
			assert.Equal(t, tt.want, got)
			assert.LessOrEqual(t, len(got), maxGridTitle)
		})
	}
}
