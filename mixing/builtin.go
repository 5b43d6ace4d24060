package mixing

import "github.com/rubeola/rubeola/params"

// init registers the built-in mixer types, each with its decoder and docs,
// the way a user registers theirs ([Register]).
func init() {
	for _, t := range []MixerType{
		{Name: "gravity", Decode: decodeGravity,
			Doc: "gravity kernel p_i^(a−1)·p_j^b·d^(−c), normalised to k: a ≥ 1 (1), b ≥ 0 (1), c ≥ 0 (1.5), k in [0, 1] (0.01)"},
		{Name: "radiation", Decode: decodeRadiation,
			Doc: "radiation model (parameter-free kernel): include_home (true), k in [0, 1] (0.01)"},
		{Name: "stouffer", Decode: decodeStouffer,
			Doc: "Stouffer's intervening opportunities: include_home (true), k in [0, 1] (0.01), a (1), b ≥ 0 (1)"},
		{Name: "competing_destinations", Decode: decodeCompetingDestinations,
			Doc: "gravity with destination accessibility: a ≥ 1 (1), b (1), c (1.5), k in [0, 1] (0.01), delta (0)"},
		{Name: "truncated", Decode: decodeTruncated,
			Doc: `another mixer's matrix, sparse: mixer (required), min_weight ≥ 0 (0), top_k ≥ 0 (0), renorm ("off_diagonal" or "diagonal"; "off_diagonal"); min_weight > 0 or top_k > 0`},
		{Name: "migration_matrix", Decode: decodeMigrationMatrix,
			Doc: "user migration matrix: matrix (N×N, entries ≥ 0, diagonal 0, row sums ≤ 1)"},
		{Name: "mixing_matrix", Decode: decodeMixingMatrix,
			Doc: "user mixing matrix, used as is: matrix (N×N, entries ≥ 0)"},
	} {
		MustRegister(t)
	}
}

// decodeGravity decodes a "gravity" spec over the defaults and validates it.
func decodeGravity(data []byte) (Mixer, error) {
	v := struct {
		Type string `json:"type"`
		Gravity
	}{Gravity: DefaultGravity()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: gravity"}); err != nil {
		return nil, err
	}
	if err := v.Gravity.Validate(); err != nil {
		return nil, err
	}
	return v.Gravity, nil
}

// decodeRadiation decodes a "radiation" spec over the defaults and
// validates it.
func decodeRadiation(data []byte) (Mixer, error) {
	v := struct {
		Type string `json:"type"`
		Radiation
	}{Radiation: DefaultRadiation()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: radiation"}); err != nil {
		return nil, err
	}
	if err := v.Radiation.Validate(); err != nil {
		return nil, err
	}
	return v.Radiation, nil
}

// decodeStouffer decodes a "stouffer" spec over the defaults and validates
// it.
func decodeStouffer(data []byte) (Mixer, error) {
	v := struct {
		Type string `json:"type"`
		Stouffer
	}{Stouffer: DefaultStouffer()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: stouffer"}); err != nil {
		return nil, err
	}
	if err := v.Stouffer.Validate(); err != nil {
		return nil, err
	}
	return v.Stouffer, nil
}

// decodeCompetingDestinations decodes a "competing_destinations" spec over
// the defaults and validates it.
func decodeCompetingDestinations(data []byte) (Mixer, error) {
	v := struct {
		Type string `json:"type"`
		CompetingDestinations
	}{CompetingDestinations: DefaultCompetingDestinations()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: competing_destinations"}); err != nil {
		return nil, err
	}
	if err := v.CompetingDestinations.Validate(); err != nil {
		return nil, err
	}
	return v.CompetingDestinations, nil
}

// decodeMigrationMatrix decodes a "migration_matrix" spec.
func decodeMigrationMatrix(data []byte) (Mixer, error) {
	m, err := decodeUserMatrix(data, "migration_matrix")
	if err != nil {
		return nil, err
	}
	if err := checkMigrationRows(m, len(m), nil); err != nil {
		return nil, err
	}
	return migrationMatrix{m: m}, nil
}

// decodeMixingMatrix decodes a "mixing_matrix" spec.
func decodeMixingMatrix(data []byte) (Mixer, error) {
	m, err := decodeUserMatrix(data, "mixing_matrix")
	if err != nil {
		return nil, err
	}
	if err := checkMixingRows(m, len(m)); err != nil {
		return nil, err
	}
	return mixingMatrix{m: m}, nil
}
