package runfile

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/lineerr"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// scenarioBuilder builds a run file's [scenario] table with one synthetic
// builder: the table's other keys are decoded strictly over the defaults of
// the builder's json-tagged options.
type scenarioBuilder struct {
	defaults func() any // a pointer to the default options
	build    func(opts any, baseDir string) (*scenario.Table, string, error)
}

// newScenarioBuilder pairs a builder with its options type O.
func newScenarioBuilder[O any](defaults func() O, build func(O) (*scenario.Table, string, error)) scenarioBuilder {
	return newFileScenarioBuilder(defaults, func(o O, _ string) (*scenario.Table, string, error) { return build(o) })
}

// newFileScenarioBuilder pairs a builder that reads files (paths relative
// to the run file's folder) with its options type O.
func newFileScenarioBuilder[O any](defaults func() O, build func(O, string) (*scenario.Table, string, error)) scenarioBuilder {
	return scenarioBuilder{
		defaults: func() any { o := defaults(); return &o },
		build:    func(o any, baseDir string) (*scenario.Table, string, error) { return build(*o.(*O), baseDir) },
	}
}

// patchOptions are the options of single_patch and two_patch.
type patchOptions struct {
	Pop  int64   `json:"pop"`
	MCV1 float64 `json:"mcv1"`
}

// gridOptions are the options of grid: its size and population, then
// scenario.GridOptions.
type gridOptions struct {
	Rows int   `json:"rows"`
	Cols int   `json:"cols"`
	Pop  int64 `json:"pop"`
	scenario.GridOptions
}

// randomNOptions are the options of random_n.
type randomNOptions struct {
	N    int     `json:"n"`
	Seed uint64  `json:"seed"`
	MCV1 float64 `json:"mcv1"`
}

// scenarioBuilders are the builders a run file may name, with the
// reference's keyword defaults (SPEC §3.3).
var scenarioBuilders = map[string]scenarioBuilder{
	"single_patch": newScenarioBuilder(func() patchOptions { return patchOptions{Pop: 100000} },
		func(o patchOptions) (*scenario.Table, string, error) {
			t, err := scenario.SinglePatch(o.Pop, o.MCV1)
			return t, fmt.Sprintf("builder: single_patch(pop %d, mcv1 %g)", o.Pop, o.MCV1), err
		}),
	"two_patch": newScenarioBuilder(func() patchOptions { return patchOptions{Pop: 100000} },
		func(o patchOptions) (*scenario.Table, string, error) {
			t, err := scenario.TwoPatch(o.Pop, o.MCV1)
			return t, fmt.Sprintf("builder: two_patch(pop %d, mcv1 %g)", o.Pop, o.MCV1), err
		}),
	"grid": newScenarioBuilder(
		func() gridOptions {
			return gridOptions{Rows: 5, Cols: 5, Pop: 10000, GridOptions: scenario.DefaultGridOptions()}
		},
		func(o gridOptions) (*scenario.Table, string, error) {
			t, err := scenario.Grid(o.Rows, o.Cols, o.Pop, o.GridOptions)
			return t, fmt.Sprintf("builder: grid(%d×%d, pop %d)", o.Rows, o.Cols, o.Pop), err
		}),
	"random_n": newScenarioBuilder(func() randomNOptions { return randomNOptions{N: 100, Seed: 42} },
		func(o randomNOptions) (*scenario.Table, string, error) {
			t, err := scenario.RandomN(o.N, o.Seed, o.MCV1)
			return t, fmt.Sprintf("builder: random_n(n %d, seed %d, mcv1 %g)", o.N, o.Seed, o.MCV1), err
		}),
	"two_cluster": newScenarioBuilder(scenario.DefaultTwoClusterOptions,
		func(o scenario.TwoClusterOptions) (*scenario.Table, string, error) {
			t, err := scenario.TwoCluster(o)
			return t, fmt.Sprintf("builder: two_cluster(%d clusters × %d nodes, seed %d)",
				len(o.Centers), o.NodesPerCluster, o.Seed), err
		}),
	"satellites": newScenarioBuilder(scenario.DefaultSatellitesOptions,
		func(o scenario.SatellitesOptions) (*scenario.Table, string, error) {
			t, err := scenario.Satellites(o)
			return t, fmt.Sprintf("builder: satellites(%d towns, core pop %d, seed %d)", o.NTowns, o.CorePop, o.Seed), err
		}),
	"towns": newFileScenarioBuilder(defaultTownsOptions, buildTowns),
}

// runFileScenario reads the scenario key: a CSV path (relative to baseDir)
// or a table naming a builder and its options.
func runFileScenario(v any, baseDir string) (*scenario.Table, string, error) {
	switch x := v.(type) {
	case string:
		path := x
		if !filepath.IsAbs(path) && baseDir != "" {
			path = filepath.Join(baseDir, path)
		}
		t, err := scenario.Load(path)
		if err != nil {
			return nil, "", fmt.Errorf("scenario: %w", err)
		}
		return t, path, nil
	case map[string]any:
		names := slices.Sorted(maps.Keys(scenarioBuilders))
		raw, ok := x["builder"]
		if !ok {
			return nil, "", fmt.Errorf("scenario: missing key \"builder\" (one of %s)", strings.Join(names, ", "))
		}
		name, _ := raw.(string)
		b, ok := scenarioBuilders[name]
		if !ok {
			msg := "scenario.builder: unknown builder " + echo.Quote(fmt.Sprint(raw))
			if s := params.Suggest(name, names); s != "" {
				return nil, "", fmt.Errorf("%s (did you mean %q?)", msg, s)
			}
			return nil, "", fmt.Errorf("%s (one of %s)", msg, strings.Join(names, ", "))
		}
		opts := b.defaults()
		rest := make(map[string]any, len(x))
		for k, e := range x {
			if k != "builder" {
				rest[k] = e
			}
		}
		if err := params.DecodeStrictMap(rest, opts, params.KeyRules{Component: "scenario"}); err != nil {
			return nil, "", keyErrorsAt("scenario", err)
		}
		t, desc, err := b.build(opts, baseDir)
		if err != nil {
			return nil, "", lineerr.Prefix(fmt.Sprintf("scenario (%s): ", name), err)
		}
		return t, desc, nil
	}
	return nil, "", fmt.Errorf("scenario: expected a CSV path or a table with a builder, got %s", tomlx.Type(v))
}
