package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUsermatrixRuns runs the program twice (fixed seed, same output) and
// checks the routing the matrix imposes: the harbour is seeded (cases at
// tick 0); the fell receives pressure only from the market, so its first
// case comes strictly after the market's (a tick's force uses the I at the
// start of the tick); the island has no link, so no case ever.
func TestUsermatrixRuns(t *testing.T) {
	var out, again bytes.Buffer
	require.NoError(t, run(&out))
	require.NoError(t, run(&again))
	assert.Equal(t, out.String(), again.String(), "fixed seed, same output")

	first := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n")[1:] {
		f := strings.Fields(line)
		first[f[0]] = strings.Join(f[1:len(f)-1], " ")
	}
	require.Len(t, first, 5, out.String())
	assert.Equal(t, "tick 0", first["harbour"])
	assert.Equal(t, "never", first["island"])
	tick := func(town string) int {
		var k int
		_, err := fmt.Sscanf(first[town], "tick %d", &k)
		require.NoError(t, err, town)
		return k
	}
	assert.Greater(t, tick("fell"), tick("market"))
	assert.Regexp(t, `(?m)^island\s+never\s+0\.0000$`, out.String())
}

// TestReadMatrixReorders: columns and rows in any order land in scenario
// order.
func TestReadMatrixReorders(t *testing.T) {
	ids := []string{"a", "b", "c"}
	csv := "from,c,a,b\nb,0.1,0.2,0.7\nc,1,0,0\na,0.5,0.25,0.25\n"
	m, err := readMatrix("m.csv", strings.NewReader(csv), ids)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0.25, 0.25, 0.5}, {0.2, 0.7, 0.1}, {0, 0, 1}}, m)
}

// TestReadMatrixErrors: every problem names the file, the row and the
// column; bad cells are all reported at once.
func TestReadMatrixErrors(t *testing.T) {
	ids := []string{"a", "b"}
	for _, tc := range []struct{ name, csv, want string }{
		{"unknown column", "from,a,z\na,1,0\nb,0,1\n", `m.csv: row 1: column "z" is not a patch of the scenario`},
		{"repeated column", "from,a,a\na,1,0\nb,0,1\n", `m.csv: row 1: column "a" appears twice`},
		{"unknown row", "from,a,b\na,1,0\nz,0,1\n", `m.csv: row 3: row "z" is not a patch of the scenario`},
		{"repeated row", "from,a,b\na,1,0\na,0,1\n", `m.csv: row 3: row "a" appears twice`},
		{"missing row", "from,a,b\na,1,0\n", "m.csv: 1 rows of values, expected 2 (one per patch)"},
		{"short row", "from,a,b\na,1\nb,0,1\n", "m.csv: record on line 2: wrong number of fields (expected 3 columns"},
		{"bad cells", "from,a,b\na,x,-1\nb,0,Inf\n",
			"m.csv: row 2, column \"a\": \"x\" is not a finite number >= 0\n" +
				"m.csv: row 2, column \"b\": \"-1\" is not a finite number >= 0\n" +
				"m.csv: row 3, column \"b\": \"Inf\" is not a finite number >= 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readMatrix("m.csv", strings.NewReader(tc.csv), ids)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}
