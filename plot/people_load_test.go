package plot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseAgeBin reads the trackers of people's bin labels
// (metrics: "a-b" days a to b−1, "a+" the open last bin).
func TestParseAgeBin(t *testing.T) {
	cases := []struct {
		label string
		want  ageBin
		err   string
	}{
		{"0-365", ageBin{0, 365}, ""},
		{"7300+", ageBin{7300, -1}, ""},
		{"365-365", ageBin{}, "want a < b"},
		{"x-3", ageBin{}, "age bin \"x-3\""},
		{"12", ageBin{}, "want \"a-b\" or \"a+\""},
	}
	for _, c := range cases {
		t.Run(c.label, func(t *testing.T) {
			got, err := parseAgeBin(c.label)
			if c.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestAgeAxis: ages label in months under two years and whole years at
// the WPP bands' edges (1830 days), and an age maps linearly into its bin.
func TestAgeAxis(t *testing.T) {
	assert.Equal(t, "9m", ageLabel(274))   // 274 days ≈ 9.0 months of 30.44 days
	assert.Equal(t, "5y", ageLabel(1830))  // the reference's 1829.6-day edge
	assert.Equal(t, "2.5y", ageLabel(913)) // 913/365.25 = 2.4997
	bins := []ageBin{{0, 365}, {365, 730}, {730, -1}}
	assert.InDelta(t, 1.5, position(bins, 547.5), 1e-12, "the middle of bin 1")
	assert.InDelta(t, 2.5, position(bins, 9000), 1e-12, "the open bin's middle")
}

// TestPeopleTableBadBin: a people tracker's table whose state is not an
// age bin fails the render as a bad input naming the file.
func TestPeopleTableBadBin(t *testing.T) {
	dir := t.TempDir()
	text := "tick,date,patch_id,state,count\n0,2000-01-01,all_patches,0-10,5\n0,2000-01-01,all_patches,10-5,3\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "age_pyramid.csv"), []byte(text), 0o644))
	_, err := Render(dir, filepath.Join(dir, "plots"), small)
	var in *InputError
	require.ErrorAs(t, err, &in)
	assert.Contains(t, err.Error(), "age_pyramid.csv")
	assert.Contains(t, err.Error(), `age bin "10-5"`)
}
