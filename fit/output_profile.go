package fit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/internal/csvin"
)

// profileColumns are profile.csv's first columns; the parameters follow.
var profileColumns = []string{"parameter", "index", "value", "start", "loglik", "se"}

// ProfileShardFile is the file name of shard i (0-based) of n's profile
// points: profile-shard-i-of-n.csv.
func ProfileShardFile(i, n int) string { return fmt.Sprintf("profile-shard-%d-of-%d.csv", i, n) }

// Profile writes the file name (profile.csv, or [ProfileShardFile]): one
// row per point, parameter,index,value,start,loglik,se and one column per
// parameter of the points' Params (sorted by name).
func (o *Output) Profile(name, parameter string, points []ProfilePoint) error {
	return o.profile(name, parameter, "", points)
}

// GridColumn is the last column of a shard's file ([Output.ProfileShard]):
// the [ProfileGrid] of the profile the shard belongs to.
const GridColumn = "profile_grid"

// ProfileShard writes a shard's points as [Output.Profile] does, with a
// last column [GridColumn] holding grid ([ProfileGrid]) on every row, so
// that `rubeola fit merge` refuses shards of different profiles.
func (o *Output) ProfileShard(name, parameter, grid string, points []ProfilePoint) error {
	return o.profile(name, parameter, grid, points)
}

// ProfileGrid identifies a profile's points: the parameter, its values
// and the starts per value, as the first 16 hex digits of their SHA-256.
// Two shards with the same grid hold points of the same profile.
func ProfileGrid(parameter string, values []float64, starts int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q %d", parameter, starts)
	for _, v := range values {
		fmt.Fprintf(h, " %s", strconv.FormatFloat(v, 'g', -1, 64))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// profile writes a profile table, with the grid column when grid is not
// empty.
func (o *Output) profile(name, parameter, grid string, points []ProfilePoint) error {
	cols := map[string]bool{}
	for _, pt := range points {
		for k := range pt.Params {
			cols[k] = true
		}
	}
	names := slices.Sorted(maps.Keys(cols))
	header := append(slices.Clone(profileColumns), names...)
	if grid != "" {
		header = append(header, GridColumn)
	}
	return o.writeCSV(name, header, func(emit func([]string) error) error {
		for _, pt := range points {
			row := appendParams([]string{parameter, strconv.Itoa(pt.Index), csvFloat(pt.Value), strconv.Itoa(pt.Start), csvFloat(pt.LogLik), csvFloat(pt.SE)}, pt.Params, names)
			if grid != "" {
				row = append(row, grid)
			}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReadProfile reads a file written by [Output.Profile]: the profiled
// parameter and the points (NA reads as NaN). Errors name the file and
// the row.
func ReadProfile(path string) (parameter string, points []ProfilePoint, err error) {
	parameter, _, points, err = ReadProfileShard(path)
	return parameter, points, err
}

// ReadProfileShard reads a file written by [Output.Profile] or
// [Output.ProfileShard]: the profiled parameter, the grid ("" in a file
// without [GridColumn]) and the points. A shard's rows must all hold the
// same grid.
func ReadProfileShard(path string) (parameter, grid string, points []ProfilePoint, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", "", nil, err
	}
	defer f.Close()
	cr := csvin.NewReader(f)
	cr.FieldsPerRecord = 0        // every row as wide as the header
	cr.RequireFinalNewline = true // written by rubeola: a file without a final line feed was cut
	rows, err := cr.ReadAll()
	if err != nil {
		return "", "", nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 || !slices.Equal(rows[0][:min(len(rows[0]), len(profileColumns))], profileColumns) {
		return "", "", nil, fmt.Errorf("%s: not a profile table: the header must start with %q", path, profileColumns)
	}
	names := rows[0][len(profileColumns):]
	hasGrid := len(names) > 0 && names[len(names)-1] == GridColumn
	if hasGrid {
		names = names[:len(names)-1]
	}
	var errs []error
	for r, row := range rows[1:] {
		if hasGrid && len(row) > 0 {
			g := row[len(row)-1]
			switch {
			case r == 0:
				grid = g
			case g != grid:
				errs = append(errs, fmt.Errorf("%s: row %d: %s %q, earlier rows %q: rows of two profiles", path, r+1, GridColumn, g, grid))
				continue
			}
			row = row[:len(row)-1]
		}
		pt, name, err := parseProfileRow(row, names)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: row %d: %w", path, r+1, err))
			continue
		case parameter == "":
			parameter = name
		case name != parameter:
			errs = append(errs, fmt.Errorf("%s: row %d: parameter %q, earlier rows profile %q", path, r+1, name, parameter))
			continue
		}
		points = append(points, pt)
	}
	if len(errs) > 0 {
		return "", "", nil, errors.Join(errs...)
	}
	return parameter, grid, points, nil
}

// parseProfileRow parses one row of a profile table.
func parseProfileRow(row, names []string) (ProfilePoint, string, error) {
	pt := ProfilePoint{Params: map[string]float64{}}
	if len(row) != len(profileColumns)+len(names) {
		return pt, "", fmt.Errorf("%d fields, the header has %d", len(row), len(profileColumns)+len(names))
	}
	num := func(col, s string) (float64, error) {
		if s == "NA" {
			return math.NaN(), nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", col, s)
		}
		return x, nil
	}
	var errs []error
	integer := func(col, s string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s: %q is not an integer >= 0", col, s))
		}
		return n
	}
	pt.Index = integer("index", row[1])
	pt.Start = integer("start", row[3])
	var err error
	pt.Value, err = num("value", row[2])
	errs = append(errs, err)
	pt.LogLik, err = num("loglik", row[4])
	errs = append(errs, err)
	pt.SE, err = num("se", row[5])
	errs = append(errs, err)
	for i, n := range names {
		x, err := num(n, row[len(profileColumns)+i])
		errs = append(errs, err)
		if !math.IsNaN(x) {
			pt.Params[n] = x
		}
	}
	return pt, row[0], errors.Join(errs...)
}
