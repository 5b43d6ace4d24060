package scenario

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validGoTable returns a valid 3-row table built in Go.
func validGoTable() *Table {
	return &Table{
		ID:   []string{"ng:kano", "ng:lagos", "ng:abuja"},
		Pop:  []int64{1000, 0, 5000},
		Lat:  []float64{-90, 0, 90},
		Lon:  []float64{-180, 0, 180},
		MCV1: []float64{0, 0.5, 1},
	}
}

func TestValidateValid(t *testing.T) {
	// Zero population and the closed ends of every range are valid (SPEC §3.2).
	require.NoError(t, validGoTable().Validate())
}

func TestValidateGoValues(t *testing.T) {
	// One mutation per §3.2 rule, applied to the Go values of row 2.
	for _, tc := range []struct {
		name   string
		mutate func(*Table)
		want   string
	}{
		{"negative pop", func(t *Table) { t.Pop[1] = -5 }, `row 2, column "pop": "-5": must be >= 0`},
		{"lat above 90", func(t *Table) { t.Lat[1] = 91.2 }, `row 2, column "lat": "91.2": must be in [-90, 90]`},
		{"lat below -90", func(t *Table) { t.Lat[1] = -90.5 }, `row 2, column "lat": "-90.5": must be in [-90, 90]`},
		{"lon above 180", func(t *Table) { t.Lon[1] = 180.25 }, `row 2, column "lon": "180.25": must be in [-180, 180]`},
		{"lon infinite", func(t *Table) { t.Lon[1] = math.Inf(-1) }, `row 2, column "lon": "-Inf": must be finite`},
		{"lat NaN", func(t *Table) { t.Lat[1] = math.NaN() }, `row 2, column "lat": "NaN": not a number (NaN is a missing value)`},
		{"mcv1 percent", func(t *Table) { t.MCV1[1] = 85 }, `row 2, column "mcv1": "85": must be in [0, 1]`},
		{"mcv1 negative", func(t *Table) { t.MCV1[1] = -0.1 }, `row 2, column "mcv1": "-0.1": must be in [0, 1]`},
		{"mcv1 NaN", func(t *Table) { t.MCV1[1] = math.NaN() }, `row 2, column "mcv1": "NaN": not a number (NaN is a missing value)`},
		{"empty id", func(t *Table) { t.ID[1] = "" }, `row 2, column "id": missing value`},
		{"blank id", func(t *Table) { t.ID[1] = "  " }, `row 2, column "id": missing value`},
		// An id that CSV would read back as missing is missing (round trip).
		{"NA id", func(t *Table) { t.ID[1] = "NA" }, `row 2, column "id": missing value`},
		{"null id", func(t *Table) { t.ID[1] = "Null" }, `row 2, column "id": missing value`},
		{"padded id", func(t *Table) { t.ID[1] = " lagos" }, `row 2, column "id": " lagos" has leading or trailing spaces`},
		{"invalid UTF-8 id", func(t *Table) { t.ID[1] = "la\xffgos" }, `row 2, column "id": "la\xffgos" is not valid UTF-8`},
		{"duplicate id", func(t *Table) { t.ID[1] = "ng:kano" }, `row 2, column "id": "ng:kano" duplicates row 1`},
		{"short column", func(t *Table) { t.MCV1 = t.MCV1[:2] }, `scenario: column lengths differ: id 3, pop 3, lat 3, lon 3, mcv1 2`},
		{"short extra", func(t *Table) {
			t.extraNames = []string{"zone"}
			t.extra = map[string][]string{"zone": {"a"}}
		}, `scenario: extra column "zone" has 1 values, the table has 3 rows`},
		{"no rows", func(t *Table) { *t = Table{} }, `scenario: no patches`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := validGoTable()
			tc.mutate(tab)
			assert.EqualError(t, tab.Validate(), tc.want)
		})
	}
}

func TestValidateNil(t *testing.T) {
	var tab *Table
	err := tab.Validate()
	require.ErrorIs(t, err, ErrNoPatches)
}

func TestValidateReportsEveryProblem(t *testing.T) {
	tab := validGoTable()
	tab.Pop[0] = -1
	tab.Lat[0] = 100
	tab.ID[2] = "ng:kano"
	tab.MCV1[2] = 2
	assert.EqualError(t, tab.Validate(), strings.Join([]string{
		`row 1, column "pop": "-1": must be >= 0`,
		`row 1, column "lat": "100": must be in [-90, 90]`,
		`row 3, column "id": "ng:kano" duplicates row 1`,
		`row 3, column "mcv1": "2": must be in [0, 1]`,
	}, "\n"))
}

func TestProblemsTruncatedAfter50(t *testing.T) {
	// SPEC §3.2: the first 50 problems are listed, then "… and K more".
	const n = 63 // 63 bad rows → 50 listed + "… and 13 more"
	tab := newTable(n)
	for i := range n {
		tab.ID[i] = fmt.Sprintf("p%d", i)
		tab.Pop[i] = -1
	}
	err := tab.Validate()
	require.Error(t, err)

	var probs Problems
	require.ErrorAs(t, err, &probs)
	require.Len(t, probs, MaxListedProblems+1, "the first 50 problems are kept, the rest counted")
	assert.Equal(t, &Omitted{N: n - MaxListedProblems}, probs[MaxListedProblems])

	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, MaxListedProblems+1)
	assert.Equal(t, `row 1, column "pop": "-1": must be >= 0`, lines[0])
	assert.Equal(t, `row 50, column "pop": "-1": must be >= 0`, lines[49])
	assert.Equal(t, "… and 13 more", lines[50])
}

func TestProblemsExactly50NotTruncated(t *testing.T) {
	tab := newTable(MaxListedProblems)
	for i := range MaxListedProblems {
		tab.ID[i] = fmt.Sprintf("p%d", i)
		tab.Pop[i] = -1
	}
	lines := strings.Split(tab.Validate().Error(), "\n")
	assert.Len(t, lines, MaxListedProblems)
	assert.NotContains(t, lines[len(lines)-1], "more")
}
