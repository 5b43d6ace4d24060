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
		name           string
		states, groups []string
		shown, lines   int
		want           string
	}{
		{"one state, one group", []string{"W"}, []string{"all"}, 1, 1, "W by group over time (group all, t.csv)"},
		{"short list", []string{"W", "V"}, []string{"a", "b"}, 2, 2, "W, V by group over time (2 groups, t.csv)"},
		{"cut states and groups", []string{"W", "V", "U"}, []string{"a", "b", "c"}, 2, 2, "The first 2 of 3 states by group (the first 2 of 3 groups, t.csv)"},
		{"six long names (doses.csv ran past both edges)", doses, []string{"north", "south"}, 6, 2, "6 states by group over time (2 groups, t.csv)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := &Table{Path: "/x/t.csv", States: tt.states, Groups: tt.groups}
			got := tableTitle(tab, tt.shown, tt.lines)
			assert.Equal(t, tt.want, got)
			assert.LessOrEqual(t, len(got), maxGridTitle)
		})
	}
}
