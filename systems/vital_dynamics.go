package systems

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// VitalDynamicsName is the component name of [VitalDynamics].
const VitalDynamicsName = "VitalDynamicsProcess"

// VitalDynamicsParams configures [VitalDynamics] (SPEC §5.4).
type VitalDynamicsParams struct {
	// CrudeBirthRate is births per 1000 per year, ≥ 0.
	CrudeBirthRate float64 `json:"crude_birth_rate" doc:"births per 1000 per year, ≥ 0"`
	// CrudeDeathRate is deaths per 1000 per year, ≥ 0.
	CrudeDeathRate float64 `json:"crude_death_rate" doc:"deaths per 1000 per year, ≥ 0"`
	// MCV1Efficacy is the share of MCV1-vaccinated newborns who are
	// protected, in [0, 1].
	MCV1Efficacy float64 `json:"mcv1_efficacy" doc:"share of MCV1-vaccinated newborns protected, in [0, 1]"`
	// Births is the source of births: [SourceCrude] (crude_birth_rate),
	// [SourceScenario] (the scenario column births_per_year) or the path of
	// a births table (see [LoadVitalTable]); "" (a Go literal's zero value)
	// means [SourceCrude].
	Births string `json:"births" path:"relative" keywords:"crude,scenario" doc:"\"crude\" (crude_birth_rate), \"scenario\" (scenario column births_per_year) or a CSV table id,year,births[,deaths] (relative to the run file)"`
	// Deaths is the source of deaths: [SourceCrude] (crude_death_rate),
	// [SourceScenario] (the scenario column deaths_per_year) or the path of
	// a births table with a deaths column; "" means [SourceCrude].
	Deaths string `json:"deaths" path:"relative" keywords:"crude,scenario" doc:"\"crude\" (crude_death_rate), \"scenario\" (scenario column deaths_per_year) or a CSV table id,year,births,deaths (relative to the run file)"`
	// Cohort, when non-nil, puts a share of each year's births into S on one
	// day of the year (school entry); nil spreads births evenly.
	Cohort *Cohort `json:"cohort" doc:"null, or {share = 0.7, day = \"09-01\"}: that share of each year's births enters on that day, the rest evenly"`
}

// The births and deaths sources that are not file paths.
const (
	SourceCrude    = "crude"    // the crude rate per 1000 per year
	SourceScenario = "scenario" // a scenario column of yearly figures
)

// The scenario columns of [SourceScenario].
const (
	BirthsColumn = "births_per_year"
	DeathsColumn = "deaths_per_year"
)

// DefaultVitalDynamicsParams returns CBR 20, CDR 8, efficacy 0.9, crude
// births and deaths and no cohort.
func DefaultVitalDynamicsParams() VitalDynamicsParams {
	return VitalDynamicsParams{CrudeBirthRate: 20, CrudeDeathRate: 8, MCV1Efficacy: 0.9,
		Births: SourceCrude, Deaths: SourceCrude}
}

// Validate checks every field's range.
func (p VitalDynamicsParams) Validate() error {
	var errs []error
	for _, f := range []struct {
		key string
		v   float64
	}{{"crude_birth_rate", p.CrudeBirthRate}, {"crude_death_rate", p.CrudeDeathRate}} {
		if err := checkNonNegative(VitalDynamicsName+": "+f.key, f.v); err != nil {
			errs = append(errs, err)
		}
	}
	if !(p.MCV1Efficacy >= 0 && p.MCV1Efficacy <= 1) {
		errs = append(errs, fmt.Errorf("%s: mcv1_efficacy must be in [0, 1], got %v", VitalDynamicsName, p.MCV1Efficacy))
	}
	def := DefaultVitalDynamicsParams()
	for _, f := range []struct {
		key, src, rateKey string
		rate, defRate     float64
	}{
		{"births", p.Births, "crude_birth_rate", p.CrudeBirthRate, def.CrudeBirthRate},
		{"deaths", p.Deaths, "crude_death_rate", p.CrudeDeathRate, def.CrudeDeathRate},
	} {
		switch {
		case strings.TrimSpace(f.src) == "" && f.src != "":
			errs = append(errs, fmt.Errorf("%s: %s must be \"crude\", \"scenario\" or a CSV path, got %q", VitalDynamicsName, f.key, f.src))
		case f.src != SourceCrude && f.src != "" && f.rate != f.defRate:
			errs = append(errs, fmt.Errorf("%s: %s = %v and %s = %q exclude each other (the rate is used only by %s = \"crude\")",
				VitalDynamicsName, f.rateKey, f.rate, f.key, f.src, f.key))
		}
	}
	if p.Cohort != nil {
		errs = append(errs, p.Cohort.Validate(VitalDynamicsName+": cohort"))
	}
	return errors.Join(errs...)
}

// BirthRate returns λ_b per tick of stepDays days (7.598414e−4 for CBR 20
// and the biweekly model's 14 days).
func (p VitalDynamicsParams) BirthRate(stepDays int) float64 {
	return PerTickRate(p.CrudeBirthRate, stepDays)
}

// DeathRate returns μ_d per tick of stepDays days (3.056751e−4 for CDR 8
// and the biweekly model's 14 days).
func (p VitalDynamicsParams) DeathRate(stepDays int) float64 {
	return PerTickRate(p.CrudeDeathRate, stepDays)
}

var vitalKeys = params.KeyRules{
	Component: VitalDynamicsName,
	Rejected: map[string]string{
		"cbr": `did you mean "crude_birth_rate"?`,
		"cdr": `did you mean "crude_death_rate"?`,
	},
}

// DecodeVitalDynamicsParams decodes a JSON object strictly over the defaults.
func DecodeVitalDynamicsParams(data []byte) (VitalDynamicsParams, error) {
	return params.DecodeComponent(data, DefaultVitalDynamicsParams(), vitalKeys)
}

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
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	w := m.World()
	n := w.Len()
	c.s, c.e, c.i, c.r, c.mcv1 = w.S(), w.E(), w.I(), w.R(), w.MCV1()
	c.births = make([]int64, n)
	c.vaccinated = make([]int64, n)
	c.deaths = make([]int64, n)
	c.clamped = make([]int64, c.blocks.NumBlocks())
	c.faults = make(faults, c.blocks.NumBlocks())
	c.ids = m.Scenario().ID
	c.step = m.TimeStepDays()
	c.rates = VitalRates{Birth: c.p.BirthRate(c.step), Death: c.p.DeathRate(c.step), Efficacy: c.p.MCV1Efficacy}
	c.birthMean, c.deathMean = nil, nil
	if c.birthData != nil {
		c.birthMean = make([]float64, n)
	}
	if c.deathData != nil {
		c.deathMean = make([]float64, n)
	}
	return nil
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
		if c.birthData == nil {
			c.rates.Birth = (1 - share) * c.p.BirthRate(c.step)
			if onCohort {
				c.rates.Birth += share * c.p.CrudeBirthRate / 1000
			}
		}
	}
	if c.birthData != nil {
		for j := range c.birthMean {
			b := (1 - share) * c.birthData.AtPosition(j, y, f) * perTick
			if onCohort {
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
		S: c.s[lo:hi], E: sub(c.e, lo, hi), I: c.i[lo:hi], R: c.r[lo:hi], MCV1: c.mcv1[lo:hi],
		BirthMean: subFloat(c.birthMean, lo, hi), DeathMean: subFloat(c.deathMean, lo, hi),
		Births: c.births[lo:hi], Vaccinated: c.vaccinated[lo:hi], Deaths: c.deaths[lo:hi],
	})
	c.clamped[b] += clamped
	c.faults.record(b, lo, err, c.ids)
}

// Births returns each patch's births in the last tick.
func (c *VitalDynamics) Births() []int64 { return append([]int64(nil), c.births...) }

// VaccinatedBirths returns each patch's MCV1-protected births in the last tick.
func (c *VitalDynamics) VaccinatedBirths() []int64 { return append([]int64(nil), c.vaccinated...) }

// Deaths returns each patch's deaths (after clamping) in the last tick.
func (c *VitalDynamics) Deaths() []int64 { return append([]int64(nil), c.deaths...) }

// ClampedDeaths returns the cumulative number of drawn deaths that exceeded
// the compartment they were drawn for and were therefore not applied.
func (c *VitalDynamics) ClampedDeaths() int64 { return sumInt64(c.clamped) }

// VitalRates are the per-tick rates of one vital-dynamics step.
type VitalRates struct {
	Birth    float64 // λ_b per person per tick
	Death    float64 // μ_d per person per tick
	Efficacy float64 // MCV1 efficacy
}

// VitalColumns are one block's state columns and per-patch records.
type VitalColumns struct {
	S, I, R []int64
	// E is the block's E column in an SEIR world; nil in an SIR world.
	E    []int64
	MCV1 []float64
	// BirthMean, when non-nil, is each patch's mean births this tick (births
	// from data); nil means N·[VitalRates.Birth].
	BirthMean []float64
	// DeathMean, when non-nil, is each patch's mean deaths this tick (deaths
	// from data): the hazard of every compartment is DeathMean/N (0 when N is
	// 0); nil means [VitalRates.Death].
	DeathMean                  []float64
	Births, Vaccinated, Deaths []int64 // written: last tick's records
}

// VitalBlock applies births and deaths to a block of patches from the
// start-of-step counts, drawing per patch in the order vaccinated births,
// unvaccinated births, dS, dI, dR (dS, dE, dI, dR in an SEIR world, where N
// includes E). It returns the number of deaths clamped, and a [CountError]
// (patch index relative to the block) when a patch's population would pass
// 2^53 or a draw's mean is above the sampler limit: the block stops at that
// patch, leaving it unchanged.
func VitalBlock(src *rand.PCG, r VitalRates, c VitalColumns) (int64, *CountError) {
	var clamped int64
	seir := c.E != nil
	for j := range c.S {
		s, e, i, rec := c.S[j], at(c.E, j), c.I[j], c.R[j]
		n := s + e + i + rec
		births, mu := float64(n)*r.Birth, r.Death
		if c.BirthMean != nil {
			births = c.BirthMean[j]
		}
		if c.DeathMean != nil {
			mu = 0
			if n > 0 {
				mu = c.DeathMean[j] / float64(n)
			}
		}
		switch {
		case births > rng.MaxPoissonMean && c.BirthMean != nil:
			return clamped, dataMeanError(j, "births", births, "births")
		case births > rng.MaxPoissonMean:
			return clamped, meanError(j, "births", n, r.Birth, "crude_birth_rate")
		case deathsTooLarge(max(s, e, i, rec), mu) && c.DeathMean != nil:
			return clamped, dataMeanError(j, "deaths", float64(max(s, e, i, rec))*mu, "deaths")
		case deathsTooLarge(max(s, e, i, rec), mu):
			return clamped, meanError(j, "deaths", max(s, e, i, rec), mu, "crude_death_rate")
		}
		cover := c.MCV1[j] * r.Efficacy
		vacc := rng.Poisson(src, births*cover)
		unvacc := rng.Poisson(src, births*(1-cover))
		ds, de, di, dr, cl := drawDeaths(src, mu, seir, s, e, i, rec)
		if n+vacc+unvacc-ds-de-di-dr > maxPop {
			return clamped, populationError(j, n, vacc+unvacc, ds+de+di+dr)
		}
		clamped += cl
		c.S[j] = s + unvacc - ds
		if seir {
			c.E[j] = e - de
		}
		c.I[j] = i - di
		c.R[j] = rec + vacc - dr
		c.Births[j] = vacc + unvacc
		c.Vaccinated[j] = vacc
		c.Deaths[j] = ds + de + di + dr
	}
	return clamped, nil
}
