package params_test

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/params"
)

func ExampleDecodeJSON() {
	p, err := params.DecodeJSON(strings.NewReader(`{"num_ticks": 52, "start_time": "2023-01-15"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.NumTicks, p.StartTime, p.Seed)

	_, err = params.DecodeJSON(strings.NewReader(`{"nticks": 5}`))
	fmt.Println(err)
	// Output:
	// 52 2023-01 20250314
	// params: unknown key "nticks" (did you mean "num_ticks"?)
}

func ExampleBiweeklyParams_String() {
	fmt.Println(params.Default())
	// Output:
	// {
	//   "num_ticks": 365,
	//   "seed": 20250314,
	//   "show_progress": true,
	//   "start_time": "2000-01",
	//   "use_numba": true,
	//   "verbose": false
	// }
}

func ExampleDecodeStrict() {
	type InfectionParams struct {
		Beta        float64 `json:"beta"`        // per day
		Seasonality float64 `json:"seasonality"` // amplitude, [0, 1]
	}
	rules := params.KeyRules{
		Component: "InfectionProcess",
		Aliases:   map[string]string{"seasonal_amplitude": "seasonality"},
		Rejected:  map[string]string{"distance_exponent": "configure the mixer"},
	}

	p := InfectionParams{Beta: 8.0 / 14} // the defaults
	err := params.DecodeStrict([]byte(`{"seasonal_amplitude": 0.3}`), &p, rules)
	fmt.Println(p.Beta, p.Seasonality, err)

	err = params.DecodeStrict([]byte(`{"betta": 1, "distance_exponent": 2, "seasonality": "x"}`), &p, rules)
	fmt.Println(err)
	// Output:
	// 0.5714285714285714 0.3 <nil>
	// InfectionProcess: unknown key "betta" (did you mean "beta"?)
	// InfectionProcess: key "distance_exponent" is not accepted: configure the mixer
	// InfectionProcess: key "seasonality": expected number, got string
}

func ExampleSuggest() {
	fmt.Println(params.Suggest("nticks", []string{"seed", "start_time", "num_ticks"}))
	// Output: num_ticks
}
