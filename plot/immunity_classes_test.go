package plot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImmunityClassesOf: a profile written by a program with a registered
// immunity source (examples/abmcatchup's "catchup") has that class drawn
// too, before R_other with a colour of its own; rubeola's own profile has
// exactly the built-in classes.
func TestImmunityClassesOf(t *testing.T) {
	names := func(cs []immunityClass) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.name)
		}
		return out
	}
	read := func(states ...string) *Table {
		text := "tick,date,patch_id,state,count\n"
		for _, s := range states {
			text += "0,2000-01-01,all_patches," + s + ",1\n"
		}
		path := filepath.Join(t.TempDir(), "immunity_by_age.csv")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		tab, err := ReadTable(path)
		require.NoError(t, err)
		return tab
	}
	builtin := names(immunityClasses)
	assert.Equal(t, builtin, names(immunityClassesOf(read("S/0-365", "sia/0-365", "R_other/0-365"))))

	got := immunityClassesOf(read("S/0-365", "sia/0-365", "catchup/0-365", "catchup/365+", "R_other/0-365"))
	want := append(append([]string(nil), builtin[:len(builtin)-1]...), "catchup", "R_other")
	assert.Equal(t, want, names(got))
	assert.Equal(t, extraClassColors[0], got[len(got)-2].color)
	for _, c := range immunityClasses {
		assert.NotEqual(t, c.color, extraClassColors[0], "a colour of its own")
	}
	assert.Equal(t, builtin, names(immunityClasses), "the built-in list is not changed")
}
