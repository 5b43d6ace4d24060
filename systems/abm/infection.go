package abm

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// ABMInfection is the agent-based model's transmission and disease
// progression (name "InfectionProcess"). Per day:
//
//  1. The force λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j, N_j = S+E+I+R, of
//     the compartmental model (same mixers, storages, kernels and
//     seasons), from the start-of-day counts.
//  2. Per patch, in patch order from the patch's block stream:
//     n ~ Binomial(S_j, 1 − e^(−λ_j·s_max)) distinct susceptibles drawn
//     uniformly from the patch's susceptible set, each infected (S → E)
//     with probability (1 − e^(−λ_j·s_i))/(1 − e^(−λ_j·s_max)): exactly
//     an independent Bernoulli(1 − e^(−λ_j·s_i)) per susceptible, s_i its
//     relative susceptibility and s_max the table's bound. A new E agent
//     gets a latent timer (lognormal, rounded, ≥ 1 day).
//  3. The disease timers due today fire in scheduling order: E → I with
//     an infectious timer (gamma, rounded, ≥ 1 day), I → R (immunity
//     source infection).
//
// It publishes the new E per patch as [ecs.Flows] Infections and counts
// E → I per patch ([ABMInfection.Incidence]). The draws are serial in
// patch order (and timer order), so results do not depend on the workers.
type ABMInfection struct {
	p      ABMInfectionParams
	force  *systems.ForceOfInfection
	timers diseaseTimers
	t      *agents.Table
	cal    *agents.Calendar
	s, e   []int64
	newE   []int64
	inc    []int64
	cand   []uint32 // candidates of one patch, reused
	total  int64
}

// NewABMInfection returns a factory for ABMInfection; nil params mean the
// defaults.
func NewABMInfection(p *ABMInfectionParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultABMInfectionParams())
		if err != nil {
			return nil, err
		}
		c := &ABMInfection{p: q, timers: newDiseaseTimers(q)}
		c.force = systems.NewForceOfInfection(q.forceParams(), m)
		return c, nil
	}
}

// Name returns "InfectionProcess".
func (c *ABMInfection) Name() string { return systems.InfectionName }

// Params returns the instance's params.
func (c *ABMInfection) Params() ABMInfectionParams { return c.p }

// Initialize builds the mixing and attaches to the agent table and its
// disease calendar.
func (c *ABMInfection) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	if err := c.cal.Claim(systems.InfectionName, c); err != nil {
		return err
	}
	w := m.World()
	if err := c.force.Initialize(m, c); err != nil {
		return err
	}
	if rc := w.Roles(); rc != nil {
		return fmt.Errorf("%s: the agent-based model has no declared compartments", systems.InfectionName)
	}
	c.s, c.e = w.S(), w.E()
	c.newE = make([]int64, w.Len())
	c.inc = make([]int64, w.Len())
	ecs.FlowsOf(w).Infections = c.newE
	return nil
}

// attach finds the agent table and the disease calendar (once; the
// importation and seeding of the agent-based model call it from their own
// Initialize, which may come first).
func (c *ABMInfection) attach(m phases.Model) error {
	if c.t != nil {
		return nil
	}
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", systems.InfectionName, err)
	}
	cal, err := t.Calendar(DiseaseCalendar, diseaseHorizon, int32(m.Tick()))
	if err != nil {
		return err
	}
	c.t, c.cal = t, cal
	return nil
}

// MixingMatrix returns the instance's mixing matrix, as
// [systems.Infection.MixingMatrix].
func (c *ABMInfection) MixingMatrix() *mixing.Matrix { return c.force.MixingMatrix() }

// Coefficient returns β·s(tick), the force's coefficient of the day
// ([systems.ForceOfInfection.Coefficient]: the sinusoid or the calendar
// season, school terms or one estimated from data).
func (c *ABMInfection) Coefficient(tick int) float64 { return c.force.Coefficient(tick) }

// Exposures returns the number of S → E transitions by transmission since
// the start of the run.
func (c *ABMInfection) Exposures() int64 { return c.total }

// Incidence returns each patch's E → I flow of the last tick (the live
// buffer: read it, do not keep or modify it).
func (c *ABMInfection) Incidence() []int64 { return c.inc }

// Step runs one day: the force, the infections, then the timers due.
func (c *ABMInfection) Step(m phases.Model, tick int) error {
	f := c.force
	f.Compute(m, tick)
	today := int32(tick)
	blocks := f.Blocks()
	for b := range blocks.NumBlocks() {
		lo, hi := blocks.Range(b)
		acc := f.Pressure(lo, hi)
		if k, err := patchcount.Hazards(c.s[lo:hi], c.e[lo:hi], f.I()[lo:hi], f.R()[lo:hi], acc, nil, 0); err != nil {
			err.Patch = k
			f.Record(b, lo, err)
			return f.Err()
		}
		src := blocks.Stream(b)
		for j := lo; j < hi; j++ {
			c.newE[j] = c.infect(j, acc[j-lo], today, src)
			c.total += c.newE[j]
		}
	}
	return c.progress(today, blocks.Streams())
}

// infect draws patch j's infections at hazard lambda and returns their
// number.
func (c *ABMInfection) infect(j int, lambda float64, today int32, src *rng.Source) int64 {
	sj := c.s[j]
	if sj == 0 || !(lambda > 0) {
		return 0
	}
	smax := float64(c.t.MaxSusceptibility())
	pmax := -math.Expm1(-lambda * smax)
	n := rng.Binomial(src, sj, pmax)
	if n == 0 {
		return 0
	}
	c.cand = c.t.SampleSusceptibles(j, int(n), src, c.cand[:0])
	var k int64
	for _, id := range c.cand {
		si := float64(c.t.Susceptibility[id])
		if si != smax && rng.Uniform(src)*pmax >= -math.Expm1(-lambda*si) {
			continue
		}
		c.timers.expose(c.t, c.cal, id, today, src)
		k++
	}
	return k
}

// progress fires today's disease timers: E → I with an infectious timer,
// I → R; each draw from the stream of the agent's patch block.
func (c *ABMInfection) progress(today int32, streams *rng.Streams) error {
	clear(c.inc)
	ids, err := c.cal.Due(today, c.t.Due)
	if err != nil {
		return fmt.Errorf("%s: %w", systems.InfectionName, err)
	}
	t := c.t
	for _, id := range ids {
		switch t.State[id] {
		case agents.E:
			j := t.Patch[id]
			t.SetState(id, agents.I)
			due := today + c.timers.infectious(streams.ForPatch(int(j)))
			t.Due[id] = due
			c.cal.Add(id, due)
			c.inc[j]++
		case agents.I:
			immunise(t, id, agents.ImmuneInfection)
			t.Due[id] = agents.NoDeath
		}
	}
	return nil
}

// exposeAgents moves n distinct random susceptibles of patch j (n ≤ S_j)
// to E with latent timers, drawing from src (the importation's and the
// seeding's path into the disease).
func (c *ABMInfection) exposeAgents(j int, n int64, today int32, src *rng.Source) {
	if n <= 0 {
		return
	}
	c.cand = c.t.SampleSusceptibles(j, int(n), src, c.cand[:0])
	for _, id := range c.cand {
		c.timers.expose(c.t, c.cal, id, today, src)
	}
}

// abmInfectionOf returns the model's agent-based InfectionProcess, attached
// to the agent table, for a component (named who) that exposes agents.
func abmInfectionOf(m phases.Model, who string) (*ABMInfection, error) {
	for _, in := range m.GetInstance(systems.InfectionName) {
		if c, ok := in.(*ABMInfection); ok {
			return c, c.attach(m)
		}
	}
	return nil, fmt.Errorf("%s: the agent-based model's %s needs its InfectionProcess in the schedule (it draws the latent periods)", who, who)
}

// SetupStorage is the force's ([systems.Infection.SetupStorage]).
func (c *ABMInfection) SetupStorage(m phases.Model) phases.Storage { return c.force.SetupStorage(m) }

// LambdaError is the force's ([systems.Infection.LambdaError]).
func (c *ABMInfection) LambdaError() (mixing.ErrorReport, bool) { return c.force.LambdaError() }

// MigrationRowsCapped is the force's ([systems.Infection.MigrationRowsCapped]).
func (c *ABMInfection) MigrationRowsCapped() (float64, bool) { return c.force.MigrationRowsCapped() }

// Exposure is the agent-based model's [AgentExposure]: the exposure of the
// model's ABMInfection (which draws the latent periods), for the seeding
// and the importation.
func Exposure(m phases.Model, component string) (systems.ExposeAgents, error) {
	c, err := abmInfectionOf(m, component)
	if err != nil {
		return nil, err
	}
	return c.exposeAgents, nil
}
