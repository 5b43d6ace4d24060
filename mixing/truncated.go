package mixing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// ReportingMixer is a [Mixer] that also reports how it built its matrix; the
// truncated mixers of [Truncated] implement it, and the Infection component
// prints the report when verbose (SPEC §7.6).
type ReportingMixer interface {
	Mixer
	MixingReport(scn *scenario.Table) (*Matrix, TruncationReport, error)
}

// TruncatedMixer is the mixer returned by [Truncated] (JSON type
// "truncated"): another mixer's matrix, truncated to a sparse CSR matrix.
// It is an immutable value.
type TruncatedMixer struct {
	mixer Mixer
	opt   Truncation
}

// Truncated returns a mixer whose Mixing is the matrix of mixer truncated by
// opt (SPEC §7.6), as [Truncate] would give it, in CSR form:
//
//	Truncated(m, opt).Mixing(scn) == Truncate(m.Mixing(scn), opt)
//
// For the built-in kernel mixers ([Gravity], [Radiation], [Stouffer],
// [CompetingDestinations]) the matrix is built row by row without an N×N
// intermediate: a first pass computes the raw kernel's row sums R (O(N)
// memory, O(N²) time), a second computes each mixing row again, normalises
// it with k/R_j (SPEC §7.3), truncates it and appends it to the result. The
// memory is then O(N·TopK) for the result plus O(N) scratch per worker. Other
// mixers build their matrix and truncate it.
//
// The options and the mixer are checked when the mixer is used. The result
// implements [ReportingMixer].
func Truncated(mixer Mixer, opt Truncation) Mixer {
	return TruncatedMixer{mixer: mixer, opt: opt}
}

// Name returns "truncated", the mixer's JSON type.
func (t TruncatedMixer) Name() string { return "truncated" }

// Base returns the mixer whose matrix is truncated.
func (t TruncatedMixer) Base() Mixer { return t.mixer }

// Options returns the truncation options.
func (t TruncatedMixer) Options() Truncation { return t.opt }

// Validate checks that there is a mixer to truncate and the options (see
// [Truncation.Validate]), and returns every problem joined.
func (t TruncatedMixer) Validate() error {
	var errs []error
	if t.mixer == nil {
		errs = append(errs, errors.New("mixing: truncated: no mixer to truncate"))
	}
	return errors.Join(append(errs, t.opt.Validate())...)
}

// Mixing returns the truncated mixing matrix of scn, CSR.
func (t TruncatedMixer) Mixing(scn *scenario.Table) (*Matrix, error) {
	m, _, err := t.MixingReport(scn)
	return m, err
}

// MixingReport returns the truncated mixing matrix of scn, CSR, and the
// report of what the truncation dropped.
func (t TruncatedMixer) MixingReport(scn *scenario.Table) (*Matrix, TruncationReport, error) {
	if err := t.Validate(); err != nil {
		return nil, TruncationReport{}, err
	}
	base := unwrapSpec(t.mixer)
	if km, ok := base.(kernelMixer); ok {
		kf, k, err := km.kernel()
		if err == nil {
			err = checkNoCap(km)
		}
		if err != nil {
			return nil, TruncationReport{}, err
		}
		return truncatedKernelMatrix(scn, km.Name(), k, kf, t.opt)
	}
	m, err := base.Mixing(scn)
	if err != nil {
		return nil, TruncationReport{}, err
	}
	return Truncate(m, t.opt)
}

// MarshalJSON encodes t in canonical form, {"type":"truncated","mixer":{…},
// "min_weight":…,"top_k":…,"renorm":…}; the inner mixer is encoded with
// [MarshalMixer], so it must marshal itself. An invalid t is an error.
func (t TruncatedMixer) MarshalJSON() ([]byte, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	inner, err := MarshalMixer(t.mixer)
	if err != nil {
		return nil, err
	}
	return json.Marshal(truncatedJSON{Type: t.Name(), Mixer: inner, Truncation: t.opt})
}

// truncatedJSON is the JSON form of TruncatedMixer.
type truncatedJSON struct {
	Type  string          `json:"type"`
	Mixer json.RawMessage `json:"mixer"`
	Truncation
}

// decodeTruncated decodes a "truncated" spec: "mixer" (required, any mixer
// spec), "min_weight", "top_k", "renorm" (default "off_diagonal").
func decodeTruncated(data []byte) (Mixer, error) {
	const component = "mixing: truncated"
	var v truncatedJSON
	rules := params.KeyRules{Component: component, Rejected: map[string]string{
		"k":         `the migration scale belongs to the inner mixer: put it in "mixer"`,
		"threshold": `did you mean "min_weight"?`,
		"topk":      `did you mean "top_k"?`,
	}}
	if err := params.DecodeStrict(data, &v, rules); err != nil {
		return nil, err
	}
	if len(v.Mixer) == 0 || string(bytes.TrimSpace(v.Mixer)) == "null" {
		return nil, fmt.Errorf("%s: key \"mixer\" is missing (want a mixer spec such as {\"type\": \"gravity\"})", component)
	}
	inner, err := DecodeMixer(v.Mixer)
	if err != nil {
		return nil, params.PrefixErrors(component+`: key "mixer"`, err)
	}
	t := TruncatedMixer{mixer: inner, opt: v.Truncation}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// unwrapSpec returns the mixer held by a Spec (repeatedly), or m itself.
func unwrapSpec(m Mixer) Mixer {
	for {
		switch s := m.(type) {
		case Spec:
			m = s.Mixer
		case *Spec:
			if s == nil {
				return m
			}
			m = s.Mixer
		default:
			return m
		}
	}
}

// truncatedKernelMatrix builds the truncated mixing matrix of a kernel
// mixer for scn without an N×N intermediate (see [Truncated]). Each mixing
// row is computed exactly as kernelMatrix computes it, so the result equals
// Truncate of the dense matrix bit for bit.
func truncatedKernelMatrix(scn *scenario.Table, name string, k float64, kf kernelFunc,
	opt Truncation) (*Matrix, TruncationReport, error) {
	n, err := checkScenario(scn)
	if err != nil {
		return nil, TruncationReport{}, err
	}
	if n == 1 { // SPEC §7.2: M = [[1]]
		one, _ := NewDense(1, []float64{1})
		return Truncate(one, opt)
	}
	rk, err := kf(scn)
	if err != nil {
		return nil, TruncationReport{}, err
	}
	rowSums, err := kernelRowSums(scn, name, rk, n)
	if err != nil {
		return nil, TruncationReport{}, err
	}
	return truncateRows(n, opt, func() rowSource {
		row := rk.newRow()
		w := make([]float64, n)
		return func(i int) ([]int32, []float64, error) {
			if err := row(i, w); err != nil {
				return nil, nil, err
			}
			if err := normalizeDenseRow(w, i, k, rowSums, true, scn.ID); err != nil {
				return nil, nil, err
			}
			return nil, w, nil
		}
	})
}
