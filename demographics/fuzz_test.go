package demographics

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// compactWPP returns a WPP CSV with only the columns and rows the parser
// keeps: one country ("AAA") over every kept year and age group, plus a
// skipped variant row and an SSA row — a small, complete seed.
func compactWPP() []byte {
	var b strings.Builder
	b.WriteString(strings.Join(wppColumns[:], ",") + "\n")
	for year := wppFirstYear; year <= wppLastYear; year += wppStep {
		for a := range wppNumAges {
			// Thousands, decreasing with age and growing over time.
			fmt.Fprintf(&b, "901,\"Aaa, Republic of\",Country/Area,AAA,Medium,%d,%d,%.3f\n", year, a*wppStep,
				float64(1000-40*a)*(1+float64(year-wppFirstYear)/300))
		}
	}
	b.WriteString("901,\"Aaa, Republic of\",Country/Area,AAA,Low,2000,0,1\n")
	b.WriteString("947,Sub-Saharan Africa,SDG region,,Medium,2000,0,5.5\n")
	return []byte(b.String())
}

// FuzzParseWPP feeds arbitrary bytes to the WPP bulk CSV parser and turns
// every complete location into population prospects: nothing panics, parse
// errors name the file, and the pyramids of accepted data are finite and
// non-negative.
func FuzzParseWPP(f *testing.F) {
	f.Add(compactWPP())
	header := strings.Join(wppColumns[:], ",") + "\n"
	for _, s := range []string{
		header + "901,A,Country/Area,AAA,Medium,2000,0,12.5\n",
		header + "901,A,Country/Area,AAA,Medium,2000,7,12.5\n",
		header + "901,A,Country/Area,AAA,Medium,2000,0,-1\n",
		"LocID,Location\n1,2\n",
		"",
	} {
		f.Add([]byte(s))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, data []byte) {
		aggs, err := parseWPP(ctx, bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			require.Contains(t, err.Error(), "fuzz.csv")
			return
		}
		for code, agg := range aggs {
			ex := agg.extract(code, "https://example.org/wpp.csv", time.Time{})
			if ex.usable() != nil {
				continue
			}
			pp, err := newPopProspects(ex)
			if err != nil {
				require.NotEmpty(t, err.Error())
				continue
			}
			for _, year := range []float64{1950, 2000.5, 2100} {
				pyr, err := pp.PopulationPyramid(year)
				if err != nil {
					continue
				}
				for _, v := range pyr {
					require.False(t, math.IsNaN(v) || math.IsInf(v, 0) || v < 0, "pyramid %v in %v: %v", year, code, pyr)
				}
			}
		}
	})
}
