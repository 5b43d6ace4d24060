package idlist_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/metrics/internal/idlist"
)

func TestEqual(t *testing.T) {
	ids := []string{"a", "patch_1", "", "Zürich"}
	// The same strings at other addresses compare equal byte by byte.
	copies := []string{strings.Clone("a"), strings.Clone("patch_1"), "", strings.Clone("Zürich")}
	tests := []struct {
		name string
		a, b []string
		want bool
	}{
		{"same list", ids, ids, true},
		{"equal strings elsewhere", ids, copies, true},
		{"both empty", nil, []string{}, true},
		{"shorter", ids, ids[:3], false},
		{"one id differs", ids, []string{"a", "patch_2", "", "Zürich"}, false},
		{"one id longer", ids, []string{"a", "patch_10", "", "Zürich"}, false},
		{"order differs", []string{"a", "b"}, []string{"b", "a"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, idlist.Equal(tc.a, tc.b))
			assert.Equal(t, tc.want, idlist.Equal(tc.b, tc.a))
		})
	}
}
