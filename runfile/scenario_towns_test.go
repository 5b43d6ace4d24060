package runfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenarioTowns builds the towns scenario from a table of places and a
// census table (paths relative to the run file), and refuses bad options.
// A's census rows are 100, 201, 100, 201 (mean 150.5, rounded to 151);
// B's all 50.
func TestScenarioTowns(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"towns.csv": "town,long,lat,region\nA,-1.5,52.5,north\nB,-0.1,51.5,south\n",
		"census.csv": "town,year,pop,births\nA,1950,100,5\nA,1951,201,5\nA,1952,100,5\nA,1953,201,5\n" +
			"B,1950,50,1\nB,1951,50,1\nB,1952,50,1\nB,1953,50,1\n",
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	base := `{builder = "towns", file = "towns.csv", id_column = "town", lat_column = "lat", lon_column = "long", census = "census.csv"}`
	for _, tc := range []struct {
		name, scenario, err string
	}{
		{"census", base, ""},
		{"no file", `{builder = "towns", census = "census.csv"}`, "file: required"},
		{"pop and census", strings.Replace(base, `census = "census.csv"`, `census = "census.csv", pop_column = "lat"`, 1), "give one of pop_column"},
		{"unknown column", strings.Replace(base, `"long"`, `"lng"`, 1), `no column "lng"`},
		{"town not in the census", strings.Replace(base, `"census.csv"`, `"towns.csv"`, 1), "towns.csv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := "model = \"compartmental\"\nscenario = " + tc.scenario + "\n"
			f, err := Decode(strings.NewReader(text), "run.toml", dir)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			scn := f.Scenario
			assert.Equal(t, []string{"A", "B"}, scn.ID)
			assert.Equal(t, []int64{151, 50}, scn.Pop)
			assert.Equal(t, []float64{52.5, 51.5}, scn.Lat)
			assert.Equal(t, []float64{-1.5, -0.1}, scn.Lon)
			region, ok := scn.Extra("region")
			require.True(t, ok)
			assert.Equal(t, []string{"north", "south"}, region)
		})
	}
}
