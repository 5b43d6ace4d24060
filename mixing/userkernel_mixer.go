package mixing

import (
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/scenario"
)

// KernelParams is a user distance kernel's parameters: a plain value (a
// struct of numbers with json tags, e.g. {Scale, K}) whose Name is its
// mixer JSON type and whose Kernel returns the [DistanceKernel] it stands
// for, or an error when the parameters are invalid. [FromKernel] turns it
// into a mixer on the fast path of gravity.
//
// Its JSON encoding (encoding/json) is its parameters without "type": the
// mixer adds "type" first. Kernel is called for every build and on
// encoding, so it should be cheap and must not depend on anything but the
// parameters.
type KernelParams interface {
	Name() string
	Kernel() (DistanceKernel, error)
}

// KernelMixer is the [Mixer] of a user distance kernel ([FromKernel]). It
// is built and evaluated exactly as [Gravity] is: its Mixing and Migration
// (dense, [Migrator]), its Factored form ([FactoredMixer]: the Infection
// component's default force path — D stored once, SIMD distance rows and
// tile kernels, bits independent of the workers) and, inside [Truncated],
// the row-by-row sparse build. It encodes itself as {"type": Name(),
// params…}, so a registered type ([Register]) round-trips through run
// files and snapshots. It is an immutable value.
type KernelMixer struct {
	p KernelParams
}

// FromKernel returns the mixer of the user distance kernel p. The
// parameters are checked (p.Kernel) when the mixer is used or encoded.
// A type is registered with a decoder that returns FromKernel of the
// decoded parameters:
//
//	mixing.MustRegister(mixing.MixerType{Name: "exponential", Decode: decodeExp, Doc: "…"})
func FromKernel(p KernelParams) KernelMixer { return KernelMixer{p: p} }

// Params returns the kernel's parameters (as given to [FromKernel]).
func (m KernelMixer) Params() KernelParams { return m.p }

// Name returns the parameters' Name, the mixer's JSON type ("" without
// parameters).
func (m KernelMixer) Name() string {
	if m.p == nil {
		return ""
	}
	return m.p.Name()
}

// Kernel returns the validated [DistanceKernel] of the parameters, for
// evaluators of the force that consume kernels directly.
func (m KernelMixer) Kernel() (DistanceKernel, error) {
	if m.p == nil {
		return DistanceKernel{}, fmt.Errorf("mixing: FromKernel: no kernel parameters")
	}
	dk, err := m.p.Kernel()
	if err != nil {
		return DistanceKernel{}, err
	}
	if err := dk.Validate(m.Name()); err != nil {
		return DistanceKernel{}, err
	}
	return dk, nil
}

// Validate checks the parameters (see [KernelMixer.Kernel]).
func (m KernelMixer) Validate() error {
	_, err := m.Kernel()
	return err
}

// Mixing returns the dense mixing matrix of scn (SPEC §7.3): the migration
// matrix with diagonal 1 − Σ_{j≠i} mig[i,j]. Errors: invalid parameters, a
// scenario with no patches, negative pops, coordinates out of range, a
// kernel value that is NaN, infinite or negative (naming the distance and
// the patches), an overflowing raw-kernel row sum, a migration row summing
// to more than 1. A single patch gives [[1]].
func (m KernelMixer) Mixing(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(m, scn, true)
}

// Migration returns the dense migration matrix of scn: the raw kernel
// normalised per column (SPEC §7.3), diagonal 0.
func (m KernelMixer) Migration(scn *scenario.Table) (*Matrix, error) {
	return buildKernel(m, scn, false)
}

// Factored returns the mixing matrix of scn in factored symmetric form
// (SPEC §7.5), as [Gravity.Factored] does: f_i = p_i^OriginExp, g_j =
// K·p_j^DestExp/R_j, D_ij = Decay(d_ij), each distance pair computed once
// on up to opt.Workers goroutines with the same bits for any number of
// them. Its errors are those of Mixing; it equals Mixing up to rounding.
func (m KernelMixer) Factored(scn *scenario.Table, opt FactoredOptions) (*Factored, error) {
	terms, k, err := m.separable(scn)
	if err != nil {
		return nil, err
	}
	return buildFactored(scn, terms, k, opt)
}

// kernel validates the parameters and returns the raw kernel (the rows of
// the factored build's D times the population factors) and K, for the
// shared dense and truncated builds.
func (m KernelMixer) kernel() (kernelFunc, float64, error) {
	dk, err := m.Kernel()
	if err != nil {
		return nil, 0, err
	}
	name := m.Name()
	return func(scn *scenario.Table) (rawKernel, error) {
		g := newKernelTerms(scn, name, dk)
		return rawKernel{newRow: func() rowFunc { return g.row }}, nil
	}, dk.K, nil
}

// MarshalJSON encodes the mixer in canonical form, {"type": Name(), then
// the parameters' keys}. Invalid parameters, parameters that do not encode
// as a JSON object, or that have a "type" key of their own are an error.
func (m KernelMixer) MarshalJSON() ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	body, err := json.Marshal(m.p)
	if err != nil {
		return nil, err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(body, &keys); err != nil || keys == nil {
		return nil, fmt.Errorf("mixing: %s: the kernel parameters must encode as a JSON object, got %s", m.Name(), body)
	}
	if _, ok := keys["type"]; ok {
		return nil, fmt.Errorf(`mixing: %s: the kernel parameters must not have a "type" key (the mixer adds it)`, m.Name())
	}
	return marshalKernel(m, json.RawMessage(body))
}
