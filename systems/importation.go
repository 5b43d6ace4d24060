package systems

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// ImportationName is the component name of [ImportationPressure].
const ImportationName = "ImportationPressureProcess"

// ImportationParams configures [ImportationPressure] (SPEC §5.3). The 14 in
// the field docs is the biweekly model's step; the days are converted with
// the model's own step ([ImportationParams.Active]).
type ImportationParams struct {
	// Rate is the crude importation rate, per 1000 per year (a number, a
	// list with one value per patch, or an object id → number).
	Rate Rates `json:"crude_importation_rate" doc:"per 1000 per year: a number ≥ 0, a list of N numbers, or an object patch id → number"`
	// StartDays is the first day of importation (active from tick StartDays/14).
	StartDays int `json:"importation_start" doc:"first active day, ≥ 0"`
	// EndDays is the last day (active through tick EndDays/14); −1 = no end.
	EndDays int `json:"importation_end" doc:"last active day, or −1 for no end; > importation_start"`
	// TicksPerYear is the divisor of the yearly rate (28 for parity with the
	// reference, which divides by 28; 365/14 ≈ 26.07 is the calendar value).
	TicksPerYear float64 `json:"ticks_per_year" doc:"divisor of the yearly rate, > 0 (the reference's: 28 in the biweekly model, 365 in the compartmental model)"`
}

// DefaultImportationParams returns the biweekly model's defaults: 1 per
// 1000 per year, always on, divisor 28.
func DefaultImportationParams() ImportationParams {
	return ImportationParams{Rate: RateAll(1.0), StartDays: 0, EndDays: -1, TicksPerYear: 28}
}

// DefaultImportationParamsFor returns the defaults for a model whose tick
// is stepDays days long: the biweekly model's divisor 28 (the reference's,
// kept for parity) for 14-day ticks, else [TicksPerYear](stepDays) — 365
// for the daily compartmental model, whose reference divides by 365.
func DefaultImportationParamsFor(stepDays int) ImportationParams {
	p := DefaultImportationParams()
	if stepDays != params.StepDays {
		p.TicksPerYear = float64(TicksPerYear(stepDays))
	}
	return p
}

// Validate checks every field's range.
func (p ImportationParams) Validate() error {
	var errs []error
	errs = append(errs, p.Rate.Validate(ImportationName+": crude_importation_rate"))
	if p.StartDays < 0 {
		errs = append(errs, fmt.Errorf("%s: importation_start must be >= 0 days, got %d", ImportationName, p.StartDays))
	}
	if p.EndDays != -1 && p.EndDays <= p.StartDays {
		errs = append(errs, fmt.Errorf("%s: importation_end must be -1 (no end) or > importation_start (%d), got %d", ImportationName, p.StartDays, p.EndDays))
	}
	if !(p.TicksPerYear > 0) || math.IsInf(p.TicksPerYear, 1) {
		errs = append(errs, fmt.Errorf("%s: ticks_per_year must be a finite number > 0, got %v", ImportationName, p.TicksPerYear))
	}
	return errors.Join(errs...)
}

// Active reports whether importation runs at tick t of a model whose tick
// is stepDays days long.
func (p ImportationParams) Active(t, stepDays int) bool {
	return p.StartDays/stepDays <= t && (p.EndDays == -1 || t <= p.EndDays/stepDays)
}

var importationKeys = params.KeyRules{Component: ImportationName}

// DecodeImportationParams decodes a JSON object strictly over the defaults.
func DecodeImportationParams(data []byte) (ImportationParams, error) {
	return params.DecodeComponent(data, DefaultImportationParams(), importationKeys)
}

// ImportationPressure imports infections: per active tick and patch,
// k ~ Binomial(S+I+R, clamp(rate/TicksPerYear/1000, 0, 1)), at most S, moved
// S → I. In an SEIR world the imports are exposures: k ~ Binomial(S+E+I+R,
// …), at most S, moved S → E.
type ImportationPressure struct {
	p       ImportationParams
	prob    []float64 // per-patch probability per tick
	hazard  []float64 // −log(1 − prob), the batched sampler's form
	blocks  phases.Blocks
	s, i, r []int64
	e       []int64 // nil in an SIR world
	roles   *ecs.RoleColumns
	imports []int64       // per patch: the tick's imports ([ecs.Flows] Importations)
	expose  AgentExposure // the agent-based model's exposure; nil: patch models only
	agents  ExposeAgents  // expose's function, which exposes the imported agents; nil in a patch model
}

// NewImportationPressure returns a factory; nil params mean the defaults of
// the model's tick ([DefaultImportationParamsFor]). The rate table is
// checked against the scenario here.
func NewImportationPressure(p *ImportationParams) phases.Factory {
	return NewImportationPressureFor(p, nil)
}

// NewImportationPressureFor returns a factory whose instances import into
// an agent world through expose (nil: they refuse one).
func NewImportationPressureFor(p *ImportationParams, expose AgentExposure) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultImportationParamsFor(m.TimeStepDays()))
		if err != nil {
			return nil, err
		}
		rates, err := q.Rate.Table("crude_importation_rate", m.Scenario())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ImportationName, err)
		}
		c := &ImportationPressure{p: q, prob: rates, hazard: make([]float64, len(rates)), expose: expose}
		for j, rate := range rates {
			c.prob[j] = min(max(rate/q.TicksPerYear/1000, 0), 1)
			c.hazard[j] = -math.Log1p(-c.prob[j]) // +Inf for prob 1
		}
		return c, nil
	}
}

// Name returns "ImportationPressureProcess".
func (c *ImportationPressure) Name() string { return ImportationName }

// Params returns the instance's params.
func (c *ImportationPressure) Params() ImportationParams { return c.p }

// Probabilities returns the per-patch import probability per tick.
func (c *ImportationPressure) Probabilities() []float64 { return append([]float64(nil), c.prob...) }

// Initialize fetches columns and streams.
func (c *ImportationPressure) Initialize(m phases.Model) error {
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	w := m.World()
	c.s, c.e, c.i, c.r = w.S(), w.E(), w.I(), w.R()
	c.roles = w.Roles()
	c.imports = make([]int64, w.Len())
	ecs.FlowsOf(w).Importations = c.imports
	if err := needAgentVariant(m, ImportationName, c.expose == nil); err != nil {
		return err
	}
	if t, _ := agents.Of(w); t != nil {
		var err error
		if c.agents, err = c.expose(m, ImportationName); err != nil {
			return err
		}
	}
	return nil
}

// Step imports infections when tick is inside the window.
func (c *ImportationPressure) Step(m phases.Model, tick int) error {
	if !c.p.Active(tick, m.TimeStepDays()) {
		clear(c.imports)
		return nil
	}
	if c.agents != nil {
		c.importAgents(int32(tick))
		return nil
	}
	c.blocks.Run(m, c)
	return nil
}

// Block draws the imports of block b's patches ([phases.Blocker]; Step runs
// every block).
func (c *ImportationPressure) Block(b int) {
	lo, hi := c.blocks.Range(b)
	importBlock(c.blocks.Stream(b), c.s[lo:hi], patchcount.Sub(c.e, lo, hi), c.i[lo:hi], c.r[lo:hi], c.hazard[lo:hi], true,
		c.roles, lo, c.imports[lo:hi])
}

// ImportBlock draws imports for a block of patches: k ~ Binomial(n, prob),
// at most S, with n = S+I+R moved S → I (ImportationPressure also counts
// the declared compartments in N, [ecs.Roles]); e is the block's E column in an
// SEIR world (nil in an SIR world), where n = S+E+I+R and the imports move
// S → E. Draws are batched ([rng.Binomials]) in runs of at most
// [rng.BlockSize] patches. (ImportationPressure draws the same law from
// the hazards −log(1 − prob) it computes once, with [rng.BinomialHazards].)
func ImportBlock(src *rng.Source, s, e, i, r []int64, prob []float64) {
	importBlock(src, s, e, i, r, prob, false, nil, 0, nil)
}

// importBlock is ImportBlock with x the probabilities, or the hazards when
// hazard is true; n also counts the declared compartments counted in N
// (rc, from patch off; nil: none), and out, when non-nil, is written with
// each patch's imports.
func importBlock(src *rng.Source, s, e, i, r []int64, x []float64, hazard bool, rc *ecs.RoleColumns, off int, out []int64) {
	to := i
	if e != nil {
		to = e
	}
	var n, k [rng.BlockSize]int64
	for lo, hi := range rng.Runs(len(s)) {
		for j := lo; j < hi; j++ {
			n[j-lo] = s[j] + patchcount.At(e, j) + i[j] + r[j]
			if rc != nil {
				n[j-lo] += rc.CountedAt(off + j)
			}
		}
		if hazard {
			rng.BinomialHazards(src, n[:hi-lo], x[lo:hi], k[:hi-lo])
		} else {
			rng.Binomials(src, n[:hi-lo], x[lo:hi], k[:hi-lo])
		}
		for j := lo; j < hi; j++ {
			d := min(k[j-lo], s[j])
			s[j] -= d
			to[j] += d
			if out != nil {
				out[j] = d
			}
		}
	}
}
