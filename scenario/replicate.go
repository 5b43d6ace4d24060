package scenario

import (
	"fmt"
	"strconv"
)

// ReplicateOf is the extra column [Table.Replicate] adds: the id of the row
// each replicated row copies.
const ReplicateOf = "replicate_of"

// MaxReplicatedRows is the largest table [Table.Replicate] builds (2^24
// rows: 16.7 million particles; the model's columns and ids for them take
// several GB).
const MaxReplicatedRows = 1 << 24

// Replicate returns a table in which every row of t appears k times in a
// row (row r·k + c is copy c of row r), with ids "<id>#<c+1>" and the extra
// column [ReplicateOf] holding the original id; every other column,
// extra columns included, is copied. Particle filters use it: each copy
// of a place is one particle, stepped like a patch. Components that join
// per-place data by id use [Table.SourceID], so they see the original ids.
func (t *Table) Replicate(k int) (*Table, error) {
	if k < 1 {
		return nil, fmt.Errorf("scenario: replicate: k = %d, must be >= 1", k)
	}
	if n := t.Len(); k > MaxReplicatedRows/max(n, 1) {
		return nil, fmt.Errorf("scenario: replicate: %d rows × %d copies is more than %d rows", n, k, MaxReplicatedRows)
	}
	if _, ok := t.extra[ReplicateOf]; ok {
		return nil, fmt.Errorf("scenario: replicate: the table already has a %q column (it is a replicated table)", ReplicateOf)
	}
	n := t.Len()
	out := &Table{
		ID: make([]string, 0, n*k), Pop: make([]int64, 0, n*k),
		Lat: make([]float64, 0, n*k), Lon: make([]float64, 0, n*k), MCV1: make([]float64, 0, n*k),
	}
	of := make([]string, 0, n*k)
	for r := range n {
		for c := range k {
			out.ID = append(out.ID, t.ID[r]+"#"+strconv.Itoa(c+1))
			out.Pop = append(out.Pop, t.Pop[r])
			out.Lat = append(out.Lat, t.Lat[r])
			out.Lon = append(out.Lon, t.Lon[r])
			out.MCV1 = append(out.MCV1, t.MCV1[r])
			of = append(of, t.ID[r])
		}
	}
	for _, name := range t.extraNames {
		col := t.extra[name]
		rep := make([]string, 0, n*k)
		for r := range n {
			for range k {
				rep = append(rep, col[r])
			}
		}
		if err := out.SetExtra(name, rep); err != nil {
			return nil, err
		}
	}
	if err := out.SetExtra(ReplicateOf, of); err != nil {
		return nil, err
	}
	return out, nil
}

// SourceID returns the id of the place row j stands for: the [ReplicateOf]
// value in a replicated table, the row's own id otherwise.
func (t *Table) SourceID(j int) string {
	if col, ok := t.extra[ReplicateOf]; ok {
		return col[j]
	}
	return t.ID[j]
}
