package systems

import (
	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// EquilibriumName is the component name of [InitializeEquilibriumStates].
const EquilibriumName = "InitializeEquilibriumStatesProcess"

// EquilibriumParams configures [InitializeEquilibriumStates] (SPEC §5.7).
type EquilibriumParams struct {
	// R0 is the basic reproduction number used for the endemic split, ≥ 0.
	R0 float64 `json:"R0" alias:"r0,R_0,effective_R0,effective_r0" doc:"basic reproduction number, ≥ 0; R0 ≤ 1 puts everyone in S"`
}

// DefaultEquilibriumParams returns R0 = 8.
func DefaultEquilibriumParams() EquilibriumParams { return EquilibriumParams{R0: 8} }

// Validate checks that R0 is a finite number ≥ 0.
func (p EquilibriumParams) Validate() error {
	return paramkit.NonNegative(EquilibriumName+": R0", p.R0)
}

var equilibriumKeys = params.KeyRules{Component: EquilibriumName}

// DecodeEquilibriumParams decodes a JSON object strictly over the defaults.
func DecodeEquilibriumParams(data []byte) (EquilibriumParams, error) {
	return params.DecodeComponent(data, DefaultEquilibriumParams(), equilibriumKeys)
}

// InitializeEquilibriumStates splits each patch's S+R into the endemic
// equilibrium at initialisation: R = trunc(P·(1 − 1/R0)), S = P − R with
// P = S + R (I untouched); R0 ≤ 1 puts everyone in S. It is not a phase.
type InitializeEquilibriumStates struct {
	p      EquilibriumParams
	agents AgentEquilibrium // the agent-based model's split; nil: patch models only
	done   bool
}

// NewInitializeEquilibriumStates returns a factory for the patch models;
// nil params mean R0 = 8.
func NewInitializeEquilibriumStates(p *EquilibriumParams) phases.Factory {
	return NewInitializeEquilibriumStatesFor(p, nil)
}

// NewInitializeEquilibriumStatesFor returns a factory whose instances split
// an agent world with split (nil: they refuse one).
func NewInitializeEquilibriumStatesFor(p *EquilibriumParams, split AgentEquilibrium) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultEquilibriumParams())
		if err != nil {
			return nil, err
		}
		return &InitializeEquilibriumStates{p: q, agents: split}, nil
	}
}

// Name returns "InitializeEquilibriumStatesProcess".
func (c *InitializeEquilibriumStates) Name() string { return EquilibriumName }

// Params returns the instance's params.
func (c *InitializeEquilibriumStates) Params() EquilibriumParams { return c.p }

// Initialize applies the split once.
func (c *InitializeEquilibriumStates) Initialize(m phases.Model) error {
	if c.done {
		return nil
	}
	w := m.World()
	if err := needAgentVariant(m, EquilibriumName, c.agents == nil); err != nil {
		return err
	}
	if t, err := agents.Of(w); err == nil {
		if err := c.agents(m, c, t, c.p.R0); err != nil {
			return err
		}
		c.done = true
		return nil
	}
	EquilibriumSplit(w.S(), w.R(), c.p.R0)
	c.done = true
	return nil
}

// EquilibriumSplit sets, per patch, R = trunc(P·(1 − 1/r0)) and S = P − R
// where P = S + R; for r0 ≤ 1, S = P and R = 0. S + R is conserved exactly.
func EquilibriumSplit(s, r []int64, r0 float64) {
	for j := range s {
		p := s[j] + r[j]
		if r0 <= 1 {
			s[j], r[j] = p, 0
			continue
		}
		rec := int64(float64(p) * (1 - 1/r0))
		rec = min(max(rec, 0), p)
		s[j], r[j] = p-rec, rec
	}
}
