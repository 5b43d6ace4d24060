package scenario

// ColMCV2 is the optional extra column of routine second-dose (MCV2)
// coverage, a fraction in [0, 1] per patch: kept as raw text like every
// extra column and read by [Table.MCV2].
const ColMCV2 = "mcv2"

// MCV2 returns the mcv2 column as numbers and whether the table has it
// (absent: nil, false, nil). Each cell, trimmed, must be a decimal number
// in [0, 1]; otherwise the error is a [Problems] listing every bad cell by
// row (1 = first data row) and value, as [ReadCSV] reports the required
// columns:
//
//	row 3, column "mcv2": "1.2": must be in [0, 1]
//	row 5, column "mcv2": missing value
func (t *Table) MCV2() ([]float64, bool, error) {
	col, ok := t.extra[ColMCV2]
	if !ok {
		return nil, false, nil
	}
	p := &problems{}
	out := make([]float64, len(col))
	for i, cell := range col {
		out[i] = p.floatCell(i+1, ColMCV2, cell)
	}
	if err := p.err(); err != nil {
		return nil, true, err
	}
	return out, true, nil
}
