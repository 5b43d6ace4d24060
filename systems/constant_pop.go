package systems

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// ConstantPopName is the component name of [ConstantPop].
const ConstantPopName = "ConstantPopProcess"

// ConstantPopParams configures [ConstantPop] (SPEC §5.5). The death rate
// equals the birth rate ([ConstantPopParams.CrudeDeathRate]); there is no
// vaccination at birth.
type ConstantPopParams struct {
	// CrudeBirthRate is births (and deaths) per 1000 per year, ≥ 0.
	CrudeBirthRate float64 `json:"crude_birth_rate" doc:"births (= deaths) per 1000 per year, ≥ 0"`
}

// DefaultConstantPopParams returns CBR 20.
func DefaultConstantPopParams() ConstantPopParams { return ConstantPopParams{CrudeBirthRate: 20} }

// Validate checks that the birth rate is a finite number ≥ 0.
func (p ConstantPopParams) Validate() error {
	return paramkit.NonNegative(ConstantPopName+": crude_birth_rate", p.CrudeBirthRate)
}

// CrudeDeathRate returns the death rate per 1000 per year, which is always
// the birth rate (read-only: the key crude_death_rate is rejected).
func (p ConstantPopParams) CrudeDeathRate() float64 { return p.CrudeBirthRate }

// Rate returns μ = λ_b per tick of stepDays days, (1 + cbr/1000)^(stepDays/365)
// − 1 (7.598414e−4 for CBR 20 and the biweekly model's 14 days).
func (p ConstantPopParams) Rate(stepDays int) float64 { return PerTickRate(p.CrudeBirthRate, stepDays) }

var constantPopKeys = params.KeyRules{
	Component: ConstantPopName,
	Rejected: map[string]string{
		"crude_death_rate": "ConstantPop's death rate equals crude_birth_rate",
		"mcv1_efficacy":    "ConstantPop does not vaccinate (use VitalDynamicsProcess for MCV1 at birth)",
		"cbr":              `did you mean "crude_birth_rate"?`,
	},
}

// DecodeConstantPopParams decodes a JSON object strictly over the defaults.
func DecodeConstantPopParams(data []byte) (ConstantPopParams, error) {
	return params.DecodeComponent(data, DefaultConstantPopParams(), constantPopKeys)
}

// ConstantPop keeps every patch's population constant (SPEC §5.5): per tick
// and patch, dX ~ Poisson(X·μ) deaths for X ∈ {S, I, R} (S, E, I, R in an
// SEIR world), clamped to X, and as many births into S. The clamped excess
// is counted. Declared compartments that die ([ecs.Roles] Dies) lose
// Poisson(X·μ) too, drawn after the built-in ones and reborn into S: the
// population kept constant is that of every compartment that dies.
type ConstantPop struct {
	p       ConstantPopParams
	mu      float64
	blocks  phases.Blocks
	s, i, r []int64
	e       []int64 // nil in an SIR world
	roles   *ecs.RoleColumns
	clamped []int64 // per block, summed on request
	faults  faults  // per block: the patch a kernel refused
	ids     []string
}

// NewConstantPop returns a factory; nil params mean the defaults.
func NewConstantPop(p *ConstantPopParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultConstantPopParams())
		if err != nil {
			return nil, err
		}
		return &ConstantPop{p: q, mu: q.Rate(m.TimeStepDays())}, nil
	}
}

// Name returns "ConstantPopProcess".
func (c *ConstantPop) Name() string { return ConstantPopName }

// Params returns the instance's params.
func (c *ConstantPop) Params() ConstantPopParams { return c.p }

// CrudeDeathRate returns the death rate per 1000 per year: the birth rate.
func (c *ConstantPop) CrudeDeathRate() float64 { return c.p.CrudeDeathRate() }

// Initialize fetches columns and streams.
func (c *ConstantPop) Initialize(m phases.Model) error {
	if err := patchcount.RefuseAgents(m, ConstantPopName); err != nil {
		return err
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	w := m.World()
	c.s, c.e, c.i, c.r = w.S(), w.E(), w.I(), w.R()
	c.roles = w.Roles()
	c.clamped = make([]int64, c.blocks.NumBlocks())
	c.faults = make(faults, c.blocks.NumBlocks())
	c.ids = m.Scenario().ID
	return nil
}

// Step applies one tick of deaths and replacing births.
func (c *ConstantPop) Step(m phases.Model, _ int) error {
	c.blocks.Run(m, c)
	return c.faults.first()
}

// Block applies the tick to block b's patches ([phases.Blocker]; Step runs
// every block).
func (c *ConstantPop) Block(b int) {
	lo, hi := c.blocks.Range(b)
	clamped, err := constantPopBlock(c.blocks.Stream(b), c.mu, c.s[lo:hi], patchcount.Sub(c.e, lo, hi), c.i[lo:hi], c.r[lo:hi], c.roles, lo)
	c.clamped[b] += clamped
	c.faults.record(b, lo, err, c.ids)
}

// ClampedDeaths returns the cumulative number of drawn deaths that exceeded
// the compartment they were drawn for and were therefore not applied.
func (c *ConstantPop) ClampedDeaths() int64 { return patchcount.SumInt64(c.clamped) }

// ConstantPopBlock applies one tick of ConstantPop to a block of patches from
// the start-of-step counts: deaths Poisson(X·mu) per compartment, clamped
// to X, drawn in runs of at most [rng.BlockSize] patches, each run in the
// order dS of every patch, then dI, then dR (dS, dE, dI, dR when e, the
// block's E column in an SEIR world, is non-nil); the deaths are reborn
// into S, so S + I + R (S + E + I + R) of every patch is unchanged. It
// returns the number of deaths clamped, and a [CountError] (patch index
// relative to the block) when a draw's mean would be above the sampler
// limit: the patches before it are updated, it and those after are not.
func ConstantPopBlock(src *rng.Source, mu float64, s, e, i, r []int64) (int64, *CountError) {
	return constantPopBlock(src, mu, s, e, i, r, nil, 0)
}

// constantPopBlock is ConstantPopBlock with the dying declared
// compartments (rc, from patch off; nil: none): their deaths are drawn after
// dR, in state order, and reborn into S too.
func constantPopBlock(src *rng.Source, mu float64, s, e, i, r []int64, rc *ecs.RoleColumns, off int) (int64, *CountError) {
	var clamped int64
	for lo, hi := range rng.Runs(len(s)) {
		cl, err := constantPopRun(src, mu, s[lo:hi], patchcount.Sub(e, lo, hi), i[lo:hi], r[lo:hi], rc, off+lo)
		clamped += cl
		if err != nil {
			err.Patch += lo
			return clamped, err
		}
	}
	return clamped, nil
}

// constantPopRun is ConstantPopBlock on at most rng.BlockSize patches.
func constantPopRun(src *rng.Source, mu float64, s, e, i, r []int64, rc *ecs.RoleColumns, off int) (int64, *CountError) {
	var d deathDraws
	var bad *CountError
	m := len(s)
	for j := range s {
		x := max(s[j], patchcount.At(e, j), i[j], r[j])
		if rc != nil {
			for _, col := range rc.Dying {
				x = max(x, col[off+j])
			}
		}
		if deathsTooLarge(x, mu) {
			bad, m = meanError(j, "deaths", x, mu, "crude_birth_rate"), j
			break
		}
		d.mu[j] = mu
	}
	clamped := d.draw(src, s[:m], patchcount.Sub(e, 0, m), i[:m], r[:m])
	for j := range m {
		s[j] += d.de[j] + d.di[j] + d.dr[j]
		if e != nil {
			e[j] -= d.de[j]
		}
		i[j] -= d.di[j]
		r[j] -= d.dr[j]
	}
	if rc != nil {
		var out [rng.BlockSize]int64
		for _, col := range rc.Dying {
			x := col[off : off+m]
			clamped += d.column(src, x, out[:m])
			for j := range m {
				x[j] -= out[j]
				s[j] += out[j]
			}
		}
	}
	return clamped, bad
}
