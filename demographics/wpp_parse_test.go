package demographics

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseWPPFixture(t *testing.T) {
	aggs, err := parseWPP(context.Background(), bytes.NewReader(wppCSV()), "fixture.csv")
	require.NoError(t, err)
	require.Len(t, aggs, 3, "AAA, BBB and SSA; the World, separator and geographic-region rows are skipped")
	assert.Equal(t, "Aaa, Republic of", aggs["AAA"].location)
	assert.Equal(t, "Côte d'Ivoire", aggs["BBB"].location)
	assert.Equal(t, "947", aggs["SSA"].locID)
	for code, agg := range aggs {
		assert.Nil(t, agg.dup, code)
		ex := agg.extract(code, "u", wppTestTime)
		assert.Empty(t, ex.Problem, code)
	}
	assert.Equal(t, 2000.4999, aggs["SSA"].pop[0][0])
	assert.Equal(t, 1002.5, aggs["AAA"].pop[0][1])
}

// wppTestTime is a fixed retrieval time.
var wppTestTime = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

func TestParseWPPErrors(t *testing.T) {
	const header = "LocID,Location,LocTypeName,ISO3_code,Variant,Time,AgeGrpStart,PopTotal\n"
	tests := []struct {
		name    string
		csv     string
		wantMsg string // "" = no error
	}{
		{"empty file", "", "empty file, expected a CSV header"},
		{"missing column", "LocID,Location,LocTypeName,ISO3_code,Variant,Time,AgeGrpStart\n", `header has no column "PopTotal"`},
		{"bad year", header + "1,A,Country,AAA,Medium,1950,0,1\n1,A,Country,AAA,Medium,19x0,0,1\n", `line 3, column 24: "19x0" is not an integer`},
		{"bad age", header + "1,A,Country,AAA,Medium,1950,zero,1\n", `line 2, column 29: "zero" is not an integer`},
		{"age not 5-year", header + "1,A,Country,AAA,Medium,1950,3,1\n", "line 2: AgeGrpStart 3 is not one of 0, 5, …, 100"},
		{"age over 100", header + "1,A,Country,AAA,Medium,1950,105,1\n", "AgeGrpStart 105"},
		{"bad pop", header + "1,A,Country,AAA,Medium,1950,0,1.2.3\n", `line 2, column 31: PopTotal "1.2.3" is not a finite number ≥ 0`},
		{"negative pop", header + "1,A,Country,AAA,Medium,1950,0,-1\n", `PopTotal "-1"`},
		{"NaN pop", header + "1,A,Country,AAA,Medium,1950,0,NaN\n", `PopTotal "NaN"`},
		{"short row", header + "1,A,Country,AAA,Medium\n", "line 2: 5 fields, expected at least 8"},
		{"bare quote", header + "1,A \"x\",Country,AAA,Medium,1950,0,1\n", `bare " in non-quoted-field`},
		{"bad number in skipped rows", header + "1,A,Country,AAA,Low,19x0,0,1\n1,W,World,,Medium,19x0,0,1\n1,A,Country,AAA,Medium,1951,x,1\n", ""},
		// Issue 26: a header past csvin.MaxFields (1024) is refused at once.
		{"too many columns", strings.TrimSuffix(header, "\n") + strings.Repeat(",x", 1024) + "\n",
			"line 1: more than 1024 fields in one record"},
		{"row past 1 MiB", header + "1,A,Country,AAA,Medium,1950,0," + strings.Repeat("9", 1<<20) + "\n",
			"line 2: record longer than 1048576 bytes"},
		{"byte-order mark and other column order", "\ufeffPopTotal,Time,AgeGrpStart,Variant,ISO3_code,LocTypeName,Location,LocID\n1,1950,0,Medium,AAA,Country,A,1\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseWPP(context.Background(), strings.NewReader(tt.csv), "x.csv")
			if tt.wantMsg == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), "x.csv")
			assert.Contains(t, err.Error(), tt.wantMsg)
		})
	}
}

func TestParseWPPCells(t *testing.T) {
	const header = "LocID,Location,LocTypeName,ISO3_code,Variant,Time,AgeGrpStart,PopTotal\n"
	csv := header +
		"1,A,Country,AAA,Medium,1950,0,7\n" +
		"1,A,Country,AAA,Medium,1955,0,\n" + // empty: the cell stays missing
		"1,A,Country,aaa,Medium,1950,5,8\n" + // lower case code: normalised
		"1,A,Country,AB1,Medium,1950,5,8\n" + // not a code: skipped
		"1,A,Country,AAA,Medium,1950,0,9\n" // a duplicate of line 2
	aggs, err := parseWPP(context.Background(), strings.NewReader(csv), "x.csv")
	require.NoError(t, err)
	require.Len(t, aggs, 1)
	a := aggs["AAA"]
	assert.Equal(t, 7.0, a.pop[0][0], "the first of two duplicate rows is kept")
	assert.Equal(t, 8.0, a.pop[1][0])
	assert.Zero(t, a.line[0][1])
	require.NotNil(t, a.dup)
	assert.Equal(t, wppDuplicate{year: 1950, age: 0, first: 2, again: 6}, *a.dup)
	ex := a.extract("AAA", "u", wppTestTime)
	assert.Equal(t, "duplicate rows for 1950 age 0 (lines 2 and 6)", ex.Problem)
	assert.Nil(t, ex.PopThousands)

	a.dup = nil
	ex = a.extract("AAA", "u", wppTestTime)
	assert.Equal(t, "missing 1950 age 10 (and 648 more cells)", ex.Problem)
}

// BenchmarkParseWPP measures the stream parser over a generated ~50 MB bulk
// CSV held in memory (75 locations × 151 years × 21 ages, plus a Low
// variant per location). Run with
//
//	go test ./demographics/ -run '^$' -bench ParseWPP -benchmem
func BenchmarkParseWPP(b *testing.B) {
	var locs []wppFixtureLoc
	for i := range 75 {
		code := string([]byte{'A' + byte(i/26%26), 'A' + byte(i%26), 'Q'})
		for _, variant := range []string{"Medium", "Low"} {
			locs = append(locs, wppFixtureLoc{"1", code, code[:2], "Country/Area", "Location " + code, variant,
				func(a int, k float64) float64 { return 1000 + float64(a) + k }})
		}
	}
	var buf bytes.Buffer
	require.NoError(b, writeWPPCSV(&buf, locs, nil))
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		aggs, err := parseWPP(context.Background(), bytes.NewReader(data), "bench.csv")
		if err != nil || len(aggs) != 75 {
			b.Fatalf("parse: %d locations, %v", len(aggs), err)
		}
	}
}
