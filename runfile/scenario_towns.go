package runfile

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// townsOptions are the options of the towns builder: a table of places
// with coordinates, their populations from a column or a census table.
type townsOptions struct {
	// File is the places' CSV (relative to the run file).
	File string `json:"file"`
	// IDColumn, LatColumn and LonColumn name its columns.
	IDColumn  string `json:"id_column"`
	LatColumn string `json:"lat_column"`
	LonColumn string `json:"lon_column"`
	// PopColumn names a population column; empty: Census gives it.
	PopColumn string `json:"pop_column"`
	// Census is a census table (id,year,pop,births; PopulationData's):
	// each place's population is its mean census population, rounded.
	Census string `json:"census"`
	// CensusIDColumn is the census table's id column (default: IDColumn).
	CensusIDColumn string `json:"census_id_column"`
}

// defaultTownsOptions are the towns builder's defaults.
func defaultTownsOptions() townsOptions {
	return townsOptions{IDColumn: "id", LatColumn: "lat", LonColumn: "lon"}
}

// buildTowns builds the towns scenario, paths relative to baseDir: every
// row of File in file order, pop from PopColumn or the census mean, mcv1 0
// and File's other columns as extra columns.
func buildTowns(o townsOptions, baseDir string) (*scenario.Table, string, error) {
	at := func(p string) string {
		if p == "" || filepath.IsAbs(p) || baseDir == "" {
			return p
		}
		return filepath.Join(baseDir, p)
	}
	switch {
	case o.File == "":
		return nil, "", fmt.Errorf("file: required: the places' CSV (id, lat, lon columns)")
	case (o.PopColumn == "") == (o.Census == ""):
		return nil, "", fmt.Errorf("give one of pop_column (a population column of file) and census (a census table: the mean census population)")
	}
	k, err := csvin.LoadKeyed(at(o.File), o.IDColumn)
	if err != nil {
		return nil, "", err
	}
	lat, err := keyedFloats(k, o.LatColumn)
	if err != nil {
		return nil, "", err
	}
	lon, err := keyedFloats(k, o.LonColumn)
	if err != nil {
		return nil, "", err
	}
	pop := make([]int64, len(k.IDs))
	if o.PopColumn != "" {
		v, err := keyedFloats(k, o.PopColumn)
		if err != nil {
			return nil, "", err
		}
		for i, x := range v {
			pop[i] = int64(math.Round(x))
		}
	} else {
		idc := o.CensusIDColumn
		if idc == "" {
			idc = o.IDColumn
		}
		tables, _, err := compartmental.LoadCensusTableFile(at(o.Census), idc)
		if err != nil {
			return nil, "", err
		}
		for i, id := range k.IDs {
			s, ok := tables[id]
			if !ok {
				return nil, "", fmt.Errorf("census: %s has no rows for %q (row %d of %s)", o.Census, id, i+1, o.File)
			}
			sum := 0.0
			for _, p := range s.Pop {
				sum += p
			}
			pop[i] = int64(math.Round(sum / float64(len(s.Pop))))
		}
	}
	t, err := scenario.FromColumns(k.IDs, pop, lat, lon, make([]float64, len(k.IDs)))
	if err != nil {
		return nil, "", err
	}
	for c, name := range k.Header {
		if name == o.IDColumn || name == o.LatColumn || name == o.LonColumn || name == o.PopColumn {
			continue
		}
		col := make([]string, len(k.IDs))
		for i, id := range k.IDs {
			col[i] = k.Rows[id][c]
		}
		if err := t.SetExtra(name, col); err != nil {
			return nil, "", err
		}
	}
	return t, fmt.Sprintf("builder: towns(%d places from %s)", t.Len(), o.File), nil
}

// keyedFloats returns a numeric column of k in id order.
func keyedFloats(k *csvin.Keyed, name string) ([]float64, error) {
	c, err := k.Column(name)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(k.IDs))
	for i, id := range k.IDs {
		x, err := strconv.ParseFloat(k.Rows[id][c], 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%s: row %d, column %q: %q is not a finite number", k.Name, i+1, name, k.Rows[id][c])
		}
		out[i] = x
	}
	return out, nil
}
