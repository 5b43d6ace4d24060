package sweep

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// TableBase is the sweep table's file name without extension: sweep.csv
// or sweep.parquet, by the manifest's format.
const TableBase = "sweep"

// row is one complete point of the sweep table.
type row struct {
	index   int
	values  []any
	metrics Metrics
}

// WriteTable (re)writes the sweep table of a sweep directory from its
// manifest and the records of its complete points, in point order:
// column point, one column per axis (named by its path), one per metric
// (with replicates, the value the point's run returned: the ensemble's
// median). Incomplete points have no row. The file is replaced atomically.
func WriteTable(dir string) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	var rows []row
	for _, p := range m.Points {
		r, _, err := readRecord(PointDir(dir, p.Index), m, p.Index, false)
		if err != nil {
			continue
		}
		rows = append(rows, row{index: p.Index, values: p.Values, metrics: r.Metrics})
	}
	path := filepath.Join(dir, TableBase+"."+m.Format)
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		if m.Format == "parquet" {
			return writeParquet(w, m, rows)
		}
		return writeCSV(w, m, rows)
	})
}

// writeCSV writes the table as CSV; a missing metric is an empty cell.
func writeCSV(w io.Writer, m *Manifest, rows []row) error {
	cw := csv.NewWriter(w)
	header := append(append([]string{"point"}, m.Axes...), m.Metrics...)
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	for _, r := range rows {
		rec = rec[:0]
		rec = append(rec, fmt.Sprint(r.index))
		for _, v := range r.values {
			rec = append(rec, ValueText(v, false))
		}
		for _, name := range m.Metrics {
			cell := ""
			if v, ok := r.metrics[name]; ok {
				cell = ValueText(v, false)
			}
			rec = append(rec, cell)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// columnKind is a Parquet axis column's type, from all its values.
type columnKind int

const (
	kindInt columnKind = iota
	kindFloat
	kindBool
	kindString // strings, and tables or arrays as JSON text
)

// axisKind picks the column type holding every value of axis j.
func axisKind(m *Manifest, j int) columnKind {
	kind := kindInt
	for k, p := range m.Points {
		v := p.Values[j]
		var this columnKind
		switch x := v.(type) {
		case json.Number:
			this = kindInt
			if strings.ContainsAny(x.String(), ".eE") {
				this = kindFloat
			}
		case bool:
			this = kindBool
		default:
			this = kindString
		}
		switch {
		case k == 0:
			kind = this
		case kind == this:
		case (kind == kindInt && this == kindFloat) || (kind == kindFloat && this == kindInt):
			kind = kindFloat
		default:
			kind = kindString
		}
	}
	return kind
}

// orderedGroup is a Parquet group whose columns keep the order given
// (parquet.Group sorts them by name).
type orderedGroup struct {
	parquet.Group
	order []string
}

// Fields returns the group's fields in order.
func (g orderedGroup) Fields() []parquet.Field {
	byName := map[string]parquet.Field{}
	for _, f := range g.Group.Fields() {
		byName[f.Name()] = f
	}
	out := make([]parquet.Field, len(g.order))
	for k, name := range g.order {
		out[k] = byName[name]
	}
	return out
}

// writeParquet writes the table as Parquet: point INT64, axis columns
// INT64, DOUBLE, BOOLEAN or STRING by their values, metrics optional
// DOUBLE (null when missing).
func writeParquet(w io.Writer, m *Manifest, rows []row) error {
	g := orderedGroup{Group: parquet.Group{"point": parquet.Int(64)}, order: []string{"point"}}
	kinds := make([]columnKind, len(m.Axes))
	for j, name := range m.Axes {
		kinds[j] = axisKind(m, j)
		g.Group[name] = map[columnKind]parquet.Node{kindInt: parquet.Int(64), kindFloat: parquet.Leaf(parquet.DoubleType),
			kindBool: parquet.Leaf(parquet.BooleanType), kindString: parquet.String()}[kinds[j]]
		g.order = append(g.order, name)
	}
	for _, name := range m.Metrics {
		g.Group[name] = parquet.Optional(parquet.Leaf(parquet.DoubleType))
		g.order = append(g.order, name)
	}
	pw := parquet.NewWriter(w, parquet.NewSchema(TableBase, g))
	for _, r := range rows {
		out := parquet.Row{parquet.Int64Value(int64(r.index)).Level(0, 0, 0)}
		for j, v := range r.values {
			val, err := axisValue(v, kinds[j])
			if err != nil {
				return fmt.Errorf("%s: %w", m.Axes[j], err)
			}
			out = append(out, val.Level(0, 0, 1+j))
		}
		for k, name := range m.Metrics {
			col := 1 + len(m.Axes) + k
			if v, ok := r.metrics[name]; ok {
				out = append(out, parquet.DoubleValue(v).Level(0, 1, col))
			} else {
				out = append(out, parquet.NullValue().Level(0, 0, col))
			}
		}
		if _, err := pw.WriteRows([]parquet.Row{out}); err != nil {
			return err
		}
	}
	return pw.Close()
}

// axisValue converts a manifest value for a column of kind.
func axisValue(v any, kind columnKind) (parquet.Value, error) {
	switch kind {
	case kindInt:
		n, err := v.(json.Number).Int64()
		return parquet.Int64Value(n), err
	case kindFloat:
		x, err := v.(json.Number).Float64()
		return parquet.DoubleValue(x), err
	case kindBool:
		return parquet.BooleanValue(v.(bool)), nil
	}
	return parquet.ByteArrayValue([]byte(ValueText(v, false))), nil
}
