package mixing_test

import (
	"fmt"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
)

// The default gravity mixer on the reference's TwoPatch scenario gives the
// pinned matrix of SPEC §7.3.
func ExampleGravity_Mixing() {
	scn := &scenario.Table{
		ID:   []string{"patch_1", "patch_2"},
		Pop:  []int64{100000, 50000},
		Lat:  []float64{40, 34},
		Lon:  []float64{4, 10},
		MCV1: []float64{0, 0},
	}
	m, err := mixing.DefaultGravity().Mixing(scn)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range m.N() {
		_, row := m.Row(i)
		fmt.Printf("%.4f\n", row)
	}
	// Output:
	// [0.9950 0.0050]
	// [0.0200 0.9800]
}

// A mixer spec decodes strictly and re-encodes canonically.
func ExampleDecodeMixer() {
	m, err := mixing.DecodeMixer([]byte(`{"type": "gravity", "k": 0.02}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := mixing.MarshalMixer(m)
	fmt.Println(string(data))
	_, err = mixing.DecodeMixer([]byte(`{"type": "gravity", "K": 0.02}`))
	fmt.Println(err)
	// Output:
	// {"type":"gravity","a":1,"b":1,"c":1.5,"k":0.02}
	// mixing: gravity: unknown key "K" (did you mean "k"?)
}

// A truncated mixer keeps the largest off-diagonal entry of each row and
// reports the dropped mass.
func ExampleTruncated() {
	scn := &scenario.Table{
		ID:   []string{"p0", "p1", "p2"},
		Pop:  []int64{1000, 2000, 3000},
		Lat:  []float64{0, 0, 0},
		Lon:  []float64{0, 1, 3},
		MCV1: []float64{0, 0, 0},
	}
	mix := mixing.Truncated(mixing.DefaultRadiation(), mixing.Truncation{TopK: 1})
	m, rep, err := mix.(mixing.ReportingMixer).MixingReport(scn)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range m.N() {
		cols, vals := m.Row(i)
		fmt.Printf("%v %.5f\n", cols, vals)
	}
	fmt.Println(rep)
	// Output:
	// [0 1] [0.98986 0.01014]
	// [1 2] [0.98842 0.01158]
	// [1 2] [0.00820 0.99180]
	// kept 3, dropped 3 off-diagonal entries; lost mass per row max 0.00528, mean 0.00396
}
