package model

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// scenarioBuilder builds a run file's [scenario] table with one synthetic
// builder; its keys are decoded strictly over its defaults.
type scenarioBuilder struct {
	defaults func() any
	build    func(opts any) (*scenario.Table, string, error)
}

type popMCV1 struct {
	Pop  int64   `json:"pop"`
	MCV1 float64 `json:"mcv1"`
}

type gridKeys struct {
	Rows    int     `json:"rows"`
	Cols    int     `json:"cols"`
	Pop     int64   `json:"pop"`
	Lat0    float64 `json:"lat0"`
	Lon0    float64 `json:"lon0"`
	Spacing float64 `json:"spacing"`
	MCV1    float64 `json:"mcv1"`
}

type randomNKeys struct {
	N    int     `json:"n"`
	Seed uint64  `json:"seed"`
	MCV1 float64 `json:"mcv1"`
}

type twoClusterKeys struct {
	Seed            uint64       `json:"seed"`
	NodesPerCluster int          `json:"nodes_per_cluster"`
	Centers         [][2]float64 `json:"centers"`
	ClusterStd      float64      `json:"cluster_std"`
	MCV1Range       [2]float64   `json:"mcv1_range"`
}

type satellitesKeys struct {
	CorePop       int64   `json:"core_pop"`
	SatellitePop  int64   `json:"satellite_pop"`
	NTowns        int     `json:"n_towns"`
	MaxDistanceKm float64 `json:"max_distance_km"`
	MCV1          float64 `json:"mcv1"`
	Seed          uint64  `json:"seed"`
}

// scenarioBuilders are the builders a run file may name, with the
// reference's keyword defaults (SPEC §3.3).
var scenarioBuilders = map[string]scenarioBuilder{
	"single_patch": {
		defaults: func() any { return &popMCV1{Pop: 100000} },
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*popMCV1)
			t, err := scenario.SinglePatch(k.Pop, k.MCV1)
			return t, fmt.Sprintf("builder: single_patch(pop %d, mcv1 %g)", k.Pop, k.MCV1), err
		},
	},
	"two_patch": {
		defaults: func() any { return &popMCV1{Pop: 100000} },
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*popMCV1)
			t, err := scenario.TwoPatch(k.Pop, k.MCV1)
			return t, fmt.Sprintf("builder: two_patch(pop %d, mcv1 %g)", k.Pop, k.MCV1), err
		},
	},
	"grid": {
		defaults: func() any {
			d := scenario.DefaultGridOptions()
			return &gridKeys{Rows: 5, Cols: 5, Pop: 10000, Lat0: d.Lat0, Lon0: d.Lon0, Spacing: d.Spacing, MCV1: d.MCV1}
		},
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*gridKeys)
			t, err := scenario.Grid(k.Rows, k.Cols, k.Pop,
				scenario.GridOptions{Lat0: k.Lat0, Lon0: k.Lon0, Spacing: k.Spacing, MCV1: k.MCV1})
			return t, fmt.Sprintf("builder: grid(%d×%d, pop %d)", k.Rows, k.Cols, k.Pop), err
		},
	},
	"random_n": {
		defaults: func() any { return &randomNKeys{N: 100, Seed: 42} },
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*randomNKeys)
			t, err := scenario.RandomN(k.N, k.Seed, k.MCV1)
			return t, fmt.Sprintf("builder: random_n(n %d, seed %d, mcv1 %g)", k.N, k.Seed, k.MCV1), err
		},
	},
	"two_cluster": {
		defaults: func() any {
			d := scenario.DefaultTwoClusterOptions()
			return &twoClusterKeys{Seed: d.Seed, NodesPerCluster: d.NodesPerCluster, Centers: d.Centers,
				ClusterStd: d.ClusterStd, MCV1Range: d.MCV1Range}
		},
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*twoClusterKeys)
			t, err := scenario.TwoCluster(scenario.TwoClusterOptions{Seed: k.Seed, NodesPerCluster: k.NodesPerCluster,
				Centers: k.Centers, ClusterStd: k.ClusterStd, MCV1Range: k.MCV1Range})
			return t, fmt.Sprintf("builder: two_cluster(%d clusters × %d nodes, seed %d)",
				len(k.Centers), k.NodesPerCluster, k.Seed), err
		},
	},
	"satellites": {
		defaults: func() any {
			d := scenario.DefaultSatellitesOptions()
			return &satellitesKeys{CorePop: d.CorePop, SatellitePop: d.SatellitePop, NTowns: d.NTowns,
				MaxDistanceKm: d.MaxDistanceKm, MCV1: d.MCV1, Seed: d.Seed}
		},
		build: func(o any) (*scenario.Table, string, error) {
			k := o.(*satellitesKeys)
			t, err := scenario.Satellites(scenario.SatellitesOptions{CorePop: k.CorePop, SatellitePop: k.SatellitePop,
				NTowns: k.NTowns, MaxDistanceKm: k.MaxDistanceKm, MCV1: k.MCV1, Seed: k.Seed})
			return t, fmt.Sprintf("builder: satellites(%d towns, core pop %d, seed %d)", k.NTowns, k.CorePop, k.Seed), err
		},
	},
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
		t, err := scenario.LoadCSV(path)
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
			msg := fmt.Sprintf("scenario.builder: unknown builder %q", fmt.Sprint(raw))
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
		t, desc, err := b.build(opts)
		if err != nil {
			return nil, "", fmt.Errorf("scenario (%s): %w", name, err)
		}
		return t, desc, nil
	}
	return nil, "", fmt.Errorf("scenario: expected a CSV path or a table with a builder, got %s", tomlType(v))
}
