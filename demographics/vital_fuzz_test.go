package demographics

import (
	"errors"
	"strings"
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/stretchr/testify/require"
)

// FuzzMortalityCSV feeds arbitrary text to the mortality CSV reader: it
// never panics, every error wraps ErrBadMortality (or is a read error of
// the input, also wrapped), and an accepted table's DeathAfter returns
// 1 … the cap for any age and a date inside the table.
func FuzzMortalityCSV(f *testing.F) {
	f.Add(mortalityCSV)
	f.Add("year_min,year_max,age_min,age_max,mx\n2000,2005,0,1,0\n2000,2005,1,150,365\n")
	f.Add("year_min,year_max,age_min,age_max,mx\n2000,2005,0,5,1\n2000,2005,3,10,1\n")
	f.Add("mx,age_max,age_min,year_max,year_min\n1e-300,1e-9,0,1e308,-1e308\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ReadMortalityCSV(strings.NewReader(text), "fuzz.csv")
		if err != nil {
			require.True(t, errors.Is(err, ErrBadMortality), "%v", err)
			return
		}
		ages, years := m.AgeEdges(), m.YearEdges()
		last := ages[len(ages)-1]
		src := rng.NewSource(vitalSeed, "fuzz", 0)
		for _, age := range []int32{0, 1, int32(last / 2), int32(last)} {
			d := m.DeathAfter(src, age, (years[0]+years[len(years)-1])/2)
			require.GreaterOrEqual(t, d, int32(1))
			require.LessOrEqual(t, float64(d), max(1, last-float64(age)+1))
		}
	})
}

// FuzzPyramidCSV feeds arbitrary text to the pyramid and fertility CSV
// readers: they never panic, errors wrap their sentinels, and an accepted
// pyramid samples ages inside its edges.
func FuzzPyramidCSV(f *testing.F) {
	f.Add("age_min,age_max,count\n0,5,1\n5,100,2\n")
	f.Add("age_min,age_max,count\n0,0.001,1\n0.001,0.002,0\n")
	f.Add("year_min,year_max,cbr\n2000,2005,30\n2005,2010,0\n")
	f.Fuzz(func(t *testing.T, text string) {
		if d, err := ReadAgeDistributionCSV(strings.NewReader(text), "fuzz.csv"); err != nil {
			require.True(t, errors.Is(err, ErrBadPyramid), "%v", err)
		} else {
			edges := d.Edges()
			src := rng.NewSource(vitalSeed, "fuzz", 0)
			for range 16 {
				age := float64(d.Sample(src))
				require.True(t, age >= 0 && age <= edges[len(edges)-1], "age %g", age)
			}
		}
		if _, err := ReadFertilityCSV(strings.NewReader(text), "fuzz.csv"); err != nil {
			require.True(t, errors.Is(err, ErrBadFertility), "%v", err)
		}
	})
}
