package systems

import (
	"errors"
	"fmt"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// VitalDynamicsName is the component name of [VitalDynamics].
const VitalDynamicsName = "VitalDynamicsProcess"

// VitalDynamics adds births (MCV1-protected newborns to R, the others to S)
// and removes deaths from every compartment (SPEC §5.4). Deaths are clamped
// to the people alive at the start of the step; the excess is counted.
//
// Births and deaths come from the crude rates or from data (the scenario's
// births_per_year and deaths_per_year columns, or a births table read with
// [LoadVitalTable]): a patch's mean births per tick are its yearly births at
// the tick's first day ([YearlySeries]) × step/365; its mean deaths per
// tick likewise, spread over its compartments with the hazard
// μ = deaths/N of the start-of-step population N, so that the expected
// deaths are the data's whatever the simulated population. A cohort
// ([Cohort]) puts share × the yearly births of the cohort day into the tick
// containing that day and (1 − share) × the per-tick births into every
// tick (with crude births the yearly births are N·crude_birth_rate/1000, N
// at the start of the tick). Everything is a function of the tick: there is
// no state beyond the records. In an SEIR world N includes E and deaths are
// drawn from E too.
//
// Declared compartments take part by their roles ([ecs.Roles]): those in
// the population are in N (the crude births' N and the deaths-from-data
// hazard's), those that die have their deaths drawn with the same hazard.
// BirthsTo (births_to) sends the unvaccinated births to a declared
// compartment; then the cohort is a flow of its own into S (and R), drawn
// after the deaths and reported by [VitalDynamics.Cohort], not in the
// births. The tick's flows are published as read-only views in the world's
// [ecs.Flows] (Births, VaccinatedBirths, Deaths, Cohort).
type VitalDynamics struct {
	p       VitalDynamicsParams
	rates   VitalRates
	blocks  phases.Blocks
	s, i, r []int64
	e       []int64 // nil in an SIR world
	mcv1    []float64

	birthData, deathData *YearlySeries // nil: the crude rate
	birthMean, deathMean []float64     // per tick, nil with crude rates
	cohortMonth          time.Month
	cohortDay            int
	step                 int

	births, vaccinated, deaths []int64
	cohort                     []int64   // per patch: the cohort flow (births routed), else 0
	cohortMean                 []float64 // per tick, births from data and routed only
	birthsTo                   []int64   // the births_to column; nil: S
	roles                      *ecs.RoleColumns
	clamped                    []int64 // per block, summed on request
	faults                     faults  // per block: the patch a kernel refused
	ids                        []string
}

// NewVitalDynamics returns a factory; nil params mean the defaults.
func NewVitalDynamics(p *VitalDynamicsParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultVitalDynamicsParams())
		if err != nil {
			return nil, err
		}
		c := &VitalDynamics{p: q}
		if c.birthData, c.deathData, err = sharedVitalSources(m, q); err != nil {
			return nil, err
		}
		if err := c.checkYears(m); err != nil {
			return nil, err
		}
		if q.birthsRouted() { // at build time, so that validate refuses it
			if _, err := birthsColumn(m.World(), q.BirthsTo); err != nil {
				return nil, err
			}
		}
		if q.Cohort != nil {
			c.cohortMonth, c.cohortDay, _ = q.Cohort.MonthDay() // validated by Resolve
		}
		return c, nil
	}
}

// Name returns "VitalDynamicsProcess".
func (c *VitalDynamics) Name() string { return VitalDynamicsName }

// Params returns the instance's params.
func (c *VitalDynamics) Params() VitalDynamicsParams { return c.p }

// Initialize fetches columns and streams and sizes the record buffers.
func (c *VitalDynamics) Initialize(m phases.Model) error {
	if err := patchcount.RefuseAgents(m, VitalDynamicsName); err != nil {
		return err
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	w := m.World()
	n := w.Len()
	c.s, c.e, c.i, c.r, c.mcv1 = w.S(), w.E(), w.I(), w.R(), w.MCV1()
	c.roles = w.Roles()
	c.birthsTo = nil
	if c.p.birthsRouted() {
		var err error
		if c.birthsTo, err = birthsColumn(w, c.p.BirthsTo); err != nil {
			return err
		}
	}
	c.births = make([]int64, n)
	c.vaccinated = make([]int64, n)
	c.deaths = make([]int64, n)
	c.cohort = make([]int64, n)
	f := ecs.FlowsOf(w)
	f.Births, f.VaccinatedBirths, f.Deaths, f.Cohort = c.births, c.vaccinated, c.deaths, c.cohort
	c.clamped = make([]int64, c.blocks.NumBlocks())
	c.faults = make(faults, c.blocks.NumBlocks())
	c.ids = m.Scenario().ID
	c.step = m.TimeStepDays()
	c.rates = VitalRates{Birth: c.p.BirthRate(c.step), Death: c.p.DeathRate(c.step), Efficacy: c.p.MCV1Efficacy}
	c.birthMean, c.deathMean, c.cohortMean = nil, nil, nil
	if c.birthData != nil {
		c.birthMean = make([]float64, n)
		if c.birthsTo != nil && c.p.Cohort != nil {
			c.cohortMean = make([]float64, n)
		}
	}
	if c.deathData != nil {
		c.deathMean = make([]float64, n)
	}
	return c.checkFirstTickTotal(m.Scenario().Pop)
}

// checkFirstTickTotal refuses, when the model starts, a scenario population whose
// crude-rate births in one tick would take the total past 2^53 (SPEC
// §3.2): the StateTracker would stop the run at its first tick (exit 1),
// after validate had passed it (issue 37 item 8: two patches of 2^52
// people). The expected net growth N·(λ_b − μ_d) is the test: a total
// that close to 2^53 passes it in any real draw. Birth and death tables
// are checked as the run goes.
func (c *VitalDynamics) checkFirstTickTotal(pop []int64) error {
	if c.birthData != nil || c.deathData != nil || c.rates.Birth >= 1 {
		// Tables are checked as the run goes; a per-tick birth rate of 1 or
		// more is refused at its first draw with the sampler's message,
		// which names the key to lower.
		return nil
	}
	var total float64
	for _, p := range pop {
		total += float64(p)
	}
	grown := total * (1 + c.rates.Birth - c.rates.Death)
	if grown <= float64(scenario.MaxPop) {
		return nil
	}
	return fmt.Errorf("%s: the total population %.0f grows by about %.0f in one tick (crude_birth_rate %g, crude_death_rate %g), "+
		"past %d (2^53), the largest total kept exact (SPEC §3.2): the run would stop at its first tick; use smaller populations",
		VitalDynamicsName, total, grown-total, c.p.CrudeBirthRate, c.p.CrudeDeathRate, int64(scenario.MaxPop))
}

// checkYears refuses a births or deaths table whose years miss the run
// altogether: its figures hold before its first and after its last year,
// so the whole run would quietly use one year's figures (a table for
// another period, or a run started in the wrong year).
func (c *VitalDynamics) checkYears(m phases.Model) error {
	ticks := max(m.Params().NumTicks, 1)
	runFirst, runLast := m.StartDate().Year(), m.TickDate(ticks).AddDate(0, 0, -1).Year()
	var errs []error
	for _, d := range []struct {
		key, src string
		data     *YearlySeries
	}{{"births", c.p.Births, c.birthData}, {"deaths", c.p.Deaths, c.deathData}} {
		if d.data == nil {
			continue
		}
		if first, last, ok := d.data.Years(); ok && (last < runFirst || first > runLast) {
			errs = append(errs, fmt.Errorf("%s: %s = %q: the table's years %d–%d and the run's %d–%d do not overlap (a table's figures hold before its first and after its last year, so the whole run would use one year's figures)",
				VitalDynamicsName, d.key, d.src, first, last, runFirst, runLast))
		}
	}
	return errors.Join(errs...)
}

// Step applies one tick of births and deaths. A patch whose population
// would pass 2^53 stops the run with a [CountError] (SPEC §3.2).
func (c *VitalDynamics) Step(m phases.Model, tick int) error {
	c.prepare(m.TickDate(tick))
	c.blocks.Run(m, c)
	return c.faults.first()
}

// prepare sets the tick's birth and death means (or the crude birth rate
// of a cohort tick) for the tick starting at date.
func (c *VitalDynamics) prepare(date time.Time) {
	perTick := float64(c.step) / daysPerYear
	y, f := YearPosition(date)
	share, cy, cf, onCohort := 0.0, 0, 0.0, false
	if c.p.Cohort != nil {
		share = c.p.Cohort.Share
		var cd time.Time
		cd, onCohort = cohortDate(date, c.step, c.cohortMonth, c.cohortDay)
		cy, cf = YearPosition(cd)
		if c.birthsTo != nil {
			c.prepareCohort(onCohort, share, cy, cf)
		} else if c.birthData == nil {
			// A year at the crude rate brings CBR/1000 · N births: the
			// per-tick rate (1 + CBR/1000)^(step/365) − 1 compounds to
			// exactly that over 365 days, and the cohort enters it at once.
			c.rates.Birth = (1 - share) * c.p.BirthRate(c.step)
			if onCohort {
				c.rates.Birth += share * c.p.CrudeBirthRate / 1000
			}
		}
	}
	if c.birthData != nil {
		for j := range c.birthMean {
			b := (1 - share) * c.birthData.AtPosition(j, y, f) * perTick
			if onCohort && c.birthsTo == nil {
				b += share * c.birthData.AtPosition(j, cy, cf)
			}
			c.birthMean[j] = b
		}
	}
	if c.deathData != nil {
		for j := range c.deathMean {
			c.deathMean[j] = c.deathData.AtPosition(j, y, f) * perTick
		}
	}
}

// Block applies the tick to block b's patches ([phases.Blocker]; Step runs
// every block).
func (c *VitalDynamics) Block(b int) {
	lo, hi := c.blocks.Range(b)
	clamped, err := VitalBlock(c.blocks.Stream(b), c.rates, VitalColumns{
		S: c.s[lo:hi], E: patchcount.Sub(c.e, lo, hi), I: c.i[lo:hi], R: c.r[lo:hi], MCV1: c.mcv1[lo:hi],
		BirthMean: patchcount.Sub(c.birthMean, lo, hi), DeathMean: patchcount.Sub(c.deathMean, lo, hi),
		Births: c.births[lo:hi], Vaccinated: c.vaccinated[lo:hi], Deaths: c.deaths[lo:hi],
		BirthsTo: patchcount.Sub(c.birthsTo, lo, hi), CohortMean: patchcount.Sub(c.cohortMean, lo, hi), Cohort: c.cohort[lo:hi],
		Roles: c.roles, Off: lo,
	})
	c.clamped[b] += clamped
	c.faults.record(b, lo, err, c.ids)
}

// Births returns a copy of each patch's births in the last tick (it
// allocates: a phase that reads births every tick uses the view
// [ecs.Flows] Births instead, [ecs.FlowsOf]).
func (c *VitalDynamics) Births() []int64 { return append([]int64(nil), c.births...) }

// VaccinatedBirths returns a copy of each patch's MCV1-protected births in
// the last tick (it allocates; the view is [ecs.Flows] VaccinatedBirths).
func (c *VitalDynamics) VaccinatedBirths() []int64 { return append([]int64(nil), c.vaccinated...) }

// Deaths returns a copy of each patch's deaths (after clamping) in the
// last tick (it allocates; the view is [ecs.Flows] Deaths).
func (c *VitalDynamics) Deaths() []int64 { return append([]int64(nil), c.deaths...) }

// Cohort returns a copy of each patch's school-entry cohort entries in the
// last tick: 0 unless births_to routes the births to a declared
// compartment (then the cohort is a flow of its own); it allocates, the
// view is [ecs.Flows] Cohort.
func (c *VitalDynamics) Cohort() []int64 { return append([]int64(nil), c.cohort...) }

// ClampedDeaths returns the cumulative number of drawn deaths that exceeded
// the compartment they were drawn for and were therefore not applied.
func (c *VitalDynamics) ClampedDeaths() int64 { return patchcount.SumInt64(c.clamped) }
