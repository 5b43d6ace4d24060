package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"strconv"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// The CSV headers; readTable checks them.
var (
	tolHeader = []string{"n", "tolerance", "order", "build_s", "force_s", "stored_mb", "max_err_dense", "max_err_sparse",
		"mean_err_dense", "estimate_max", "exact_force_s"}
	nHeader = []string{"n", "order", "build_s", "force_s", "stored_mb", "heap_mb", "max_err", "mean_err", "max_err_sparse", "err_rows",
		"err_sampled", "streaming_force_s", "factored_build_s", "factored_force_s", "factored_stored_mb", "estimate_max", "max_err_epidemic", "epidemic_patches"}
)

// g formats a float in the shortest form that reads back the same.
func g(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// tolRecords returns rows as CSV records.
func tolRecords(rows []tolRow) [][]string {
	var out [][]string
	for _, r := range rows {
		out = append(out, []string{strconv.Itoa(r.N), g(r.Tolerance), strconv.Itoa(r.Order), g(r.BuildS), g(r.ApplyS),
			g(r.StoredMB), g(r.MaxDense), g(r.MaxSp), g(r.MeanDense), g(r.EstimateMax), g(r.ExactForceS)})
	}
	return out
}

// nRecords returns rows as CSV records.
func nRecords(rows []nRow) [][]string {
	var out [][]string
	for _, r := range rows {
		out = append(out, []string{strconv.Itoa(r.N), strconv.Itoa(r.Order), g(r.BuildS), g(r.ApplyS), g(r.StoredMB),
			g(r.HeapMB), g(r.MaxErr), g(r.MeanErr), g(r.MaxErrSparse), strconv.Itoa(r.ErrRows), strconv.FormatBool(r.Sampled), g(r.StreamingS),
			g(r.FactoredBuildS), g(r.FactoredS), g(r.FactoredStoredMB), g(r.EstimateMax), g(r.MaxErrEpidemic),
			strconv.Itoa(r.EpidemicPatches)})
	}
	return out
}

// writeTable writes header and records to path, after the records already
// there when appending (their header must be header). The file is
// replaced whole ([atomicfile.WriteBytes]).
func writeTable(path string, header []string, records [][]string, appending bool) error {
	all := [][]string{header}
	if appending {
		old, err := readTable(path, header)
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		all = append(all, old...)
	}
	all = append(all, records...)
	var b bytes.Buffer
	if err := csv.NewWriter(&b).WriteAll(all); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, 0o644, b.Bytes())
}

// readTable reads a CSV written by writeTable and returns its records
// without the header, which must be header.
func readTable(path string, header []string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 || fmt.Sprint(recs[0]) != fmt.Sprint(header) {
		return nil, fmt.Errorf("%s: expected the header %v", path, header)
	}
	return recs[1:], nil
}

// column returns column name of records (header gives the names) as
// floats.
func column(records [][]string, header []string, name string) ([]float64, error) {
	k := -1
	for i, h := range header {
		if h == name {
			k = i
		}
	}
	if k < 0 {
		return nil, fmt.Errorf("no column %q", name)
	}
	out := make([]float64, len(records))
	for r, rec := range records {
		v, err := strconv.ParseFloat(rec[k], 64)
		if err != nil {
			return nil, fmt.Errorf("row %d, column %s: %w", r+2, name, err)
		}
		out[r] = v
	}
	return out, nil
}

// readColumns reads the CSV at path (header must be its header) and
// returns the named columns as floats.
func readColumns(path string, header []string, names ...string) (map[string][]float64, error) {
	recs, err := readTable(path, header)
	if err != nil {
		return nil, err
	}
	cols := make(map[string][]float64, len(names))
	for _, name := range names {
		if cols[name], err = column(recs, header, name); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return cols, nil
}
