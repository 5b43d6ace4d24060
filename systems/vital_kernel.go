package systems

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// VitalRates are the per-tick rates of one vital-dynamics step.
type VitalRates struct {
	Birth    float64 // λ_b per person per tick
	Death    float64 // μ_d per person per tick
	Efficacy float64 // MCV1 efficacy
	// CohortTick draws the school-entry cohort as a flow of its own this
	// tick (VitalDynamics with births_to set, on the tick of the cohort
	// day); false: no cohort draws.
	CohortTick bool
	// Cohort is the cohort's entries per person this tick when
	// [VitalColumns.CohortMean] is nil (crude births): N·Cohort.
	Cohort float64
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
	// BirthsTo, when non-nil, is the block's column of the compartment the
	// unvaccinated births enter (births_to); nil means S.
	BirthsTo []int64
	// CohortMean, when non-nil, is each patch's mean cohort entries this
	// tick (births from data, [VitalRates.CohortTick]); nil means
	// N·[VitalRates.Cohort].
	CohortMean []float64
	// Cohort, when non-nil, is written with each patch's cohort entries
	// (0 on ticks without cohort draws).
	Cohort []int64
	// Roles, when non-nil, are the world's declared compartments by role
	// (columns over all patches); Off is the block's first patch in them.
	// Counted compartments are in N, dying ones have their deaths drawn.
	Roles *ecs.RoleColumns
	Off   int
}

// VitalBlock applies births and deaths to a block of patches from the
// start-of-step counts, in runs of at most [rng.BlockSize] patches, each
// run batched ([rng.Poissons]) in the order vaccinated births of every
// patch, unvaccinated births, then the deaths dS, dI, dR (dS, dE, dI, dR in
// an SEIR world, where N includes E), then (only with them, so that runs
// without are unchanged) the cohort's vaccinated and unvaccinated entries
// ([VitalRates.CohortTick]) and the deaths of each dying declared
// compartment in state order. It returns the number of deaths clamped, and
// a [CountError] (patch index relative to the block) when a patch's
// population would pass 2^53 or a draw's mean is above the sampler limit:
// the patches before it are updated, it and those after are not.
func VitalBlock(src *rng.Source, r VitalRates, c VitalColumns) (int64, *CountError) {
	var clamped int64
	for lo, hi := range rng.Runs(len(c.S)) {
		cl, err := vitalRun(src, r, c.sub(lo, hi))
		clamped += cl
		if err != nil {
			err.Patch += lo
			return clamped, err
		}
	}
	return clamped, nil
}

// sub returns the columns of patches [lo, hi).
func (c VitalColumns) sub(lo, hi int) VitalColumns {
	return VitalColumns{S: c.S[lo:hi], I: c.I[lo:hi], R: c.R[lo:hi], E: patchcount.Sub(c.E, lo, hi), MCV1: c.MCV1[lo:hi],
		BirthMean: patchcount.Sub(c.BirthMean, lo, hi), DeathMean: patchcount.Sub(c.DeathMean, lo, hi),
		Births: c.Births[lo:hi], Vaccinated: c.Vaccinated[lo:hi], Deaths: c.Deaths[lo:hi],
		BirthsTo: patchcount.Sub(c.BirthsTo, lo, hi), CohortMean: patchcount.Sub(c.CohortMean, lo, hi), Cohort: patchcount.Sub(c.Cohort, lo, hi),
		Roles: c.Roles, Off: c.Off + lo}
}

// vitalDraws is one run's birth means and draws, on the caller's stack.
type vitalDraws struct {
	deathDraws
	vaccMean, unvaccMean [rng.BlockSize]float64
	vacc, unvacc         [rng.BlockSize]int64
}

// vitalExtra is one run's cohort flow and deaths of dying declared
// compartments, made (on the caller's stack) only on ticks that have them,
// so that the runs without keep the cost they had before roles existed.
type vitalExtra struct {
	vaccMean, unvaccMean [rng.BlockSize]float64 // the cohort's means
	vacc, unvacc         [rng.BlockSize]int64   // the cohort's entries
	dx                   [rng.BlockSize]int64   // the dying declared compartments' deaths
}

// vitalRun is VitalBlock on at most rng.BlockSize patches.
func vitalRun(src *rng.Source, r VitalRates, c VitalColumns) (int64, *CountError) {
	var d vitalDraws
	var x *vitalExtra
	if r.CohortTick || c.Roles != nil && len(c.Roles.Dying) > 0 {
		x = new(vitalExtra)
	}
	m, bad := d.means(r, c, x)
	rng.Poissons(src, d.vaccMean[:m], d.vacc[:m])
	rng.Poissons(src, d.unvaccMean[:m], d.unvacc[:m])
	clamped := d.draw(src, c.S[:m], patchcount.Sub(c.E, 0, m), c.I[:m], c.R[:m])
	to := c.S
	if c.BirthsTo != nil {
		to = c.BirthsTo
	}
	if x != nil {
		return x.apply(src, r, c, &d, m, to, clamped, bad)
	}
	for j := range m {
		births, deaths := d.vacc[j]+d.unvacc[j], d.ds[j]+d.de[j]+d.di[j]+d.dr[j]
		if n := c.n(j); n+births-deaths > maxPop {
			return clamped, populationError(j, n, births, deaths)
		}
		c.S[j] -= d.ds[j]
		to[j] += d.unvacc[j]
		if c.E != nil {
			c.E[j] -= d.de[j]
		}
		c.I[j] -= d.di[j]
		c.R[j] += d.vacc[j] - d.dr[j]
		c.Births[j], c.Vaccinated[j], c.Deaths[j] = births, d.vacc[j], deaths
		if c.Cohort != nil {
			c.Cohort[j] = 0
		}
	}
	return clamped, bad
}

// apply is vitalRun's end on a run with a cohort flow or dying declared
// compartments: it draws the cohort (if r.CohortTick), finds the first
// patch whose population would pass 2^53 (counting every birth and cohort
// entry and the built-in compartments' deaths), draws the dying
// compartments' deaths, and applies everything to the patches before it.
func (x *vitalExtra) apply(src *rng.Source, r VitalRates, c VitalColumns, d *vitalDraws, m int, to []int64, clamped int64, bad *CountError) (int64, *CountError) {
	if r.CohortTick {
		rng.Poissons(src, x.vaccMean[:m], x.vacc[:m])
		rng.Poissons(src, x.unvaccMean[:m], x.unvacc[:m])
	}
	ok := m
	for j := range m {
		births, deaths := d.vacc[j]+d.unvacc[j]+x.vacc[j]+x.unvacc[j], d.ds[j]+d.de[j]+d.di[j]+d.dr[j]
		if n := c.n(j); n+births-deaths > maxPop {
			ok, bad = j, populationError(j, n, births, deaths)
			break
		}
	}
	clamped += x.dying(src, c, &d.deathDraws, m, ok)
	for j := range ok {
		c.S[j] += x.unvacc[j] - d.ds[j]
		to[j] += d.unvacc[j]
		if c.E != nil {
			c.E[j] -= d.de[j]
		}
		c.I[j] -= d.di[j]
		c.R[j] += d.vacc[j] + x.vacc[j] - d.dr[j]
		c.Births[j], c.Vaccinated[j] = d.vacc[j]+d.unvacc[j], d.vacc[j]
		c.Deaths[j] = d.ds[j] + d.de[j] + d.di[j] + d.dr[j] + x.dx[j]
		if c.Cohort != nil {
			c.Cohort[j] = x.vacc[j] + x.unvacc[j]
		}
	}
	return clamped, bad
}

// n returns patch j's population N: S + E + I + R and the declared
// compartments counted in N.
func (c *VitalColumns) n(j int) int64 {
	n := c.S[j] + patchcount.At(c.E, j) + c.I[j] + c.R[j]
	if c.Roles != nil {
		n += c.Roles.CountedAt(c.Off + j)
	}
	return n
}

// maxDying returns the largest of patch j's counts that deaths are drawn
// from (the built-in compartments and the dying declared ones).
func (c *VitalColumns) maxDying(j int) int64 {
	x := max(c.S[j], patchcount.At(c.E, j), c.I[j], c.R[j])
	if c.Roles != nil {
		for _, col := range c.Roles.Dying {
			x = max(x, col[c.Off+j])
		}
	}
	return x
}

// dying draws the deaths of each dying declared compartment over the run's
// m patches (state order, batched, clamped to the compartment, with the
// hazards of d), applies those of the first ok patches and sums them into
// x.dx. It returns the number of drawn deaths the clamping removed.
func (x *vitalExtra) dying(src *rng.Source, c VitalColumns, d *deathDraws, m, ok int) int64 {
	if c.Roles == nil {
		return 0
	}
	var clamped int64
	var out [rng.BlockSize]int64
	for _, col := range c.Roles.Dying {
		y := col[c.Off : c.Off+m]
		clamped += d.column(src, y, out[:m])
		for j := range ok {
			y[j] -= out[j]
			x.dx[j] += out[j]
		}
	}
	return clamped
}

// means sets the run's birth means (and x's cohort means, x nil when the
// tick has no cohort flow and no dying declared compartment) and death
// hazards from the start-of-step counts and returns the number of patches
// to draw: all, or those before the first whose means are out of range,
// with its error.
func (d *vitalDraws) means(r VitalRates, c VitalColumns, x *vitalExtra) (int, *CountError) {
	for j := range c.S {
		n, most := c.n(j), c.maxDying(j)
		births, mu, cohort := float64(n)*r.Birth, r.Death, 0.0
		if c.BirthMean != nil {
			births = c.BirthMean[j]
		}
		if r.CohortTick {
			cohort = float64(n) * r.Cohort
			if c.CohortMean != nil {
				cohort = c.CohortMean[j]
			}
		}
		if c.DeathMean != nil {
			mu = 0
			if n > 0 {
				mu = c.DeathMean[j] / float64(n)
			}
		}
		switch {
		case births > rng.MaxPoissonMean && c.BirthMean != nil:
			return j, dataMeanError(j, "births", births, "births")
		case births > rng.MaxPoissonMean:
			return j, meanError(j, "births", n, r.Birth, "crude_birth_rate")
		case cohort > rng.MaxPoissonMean && c.CohortMean != nil:
			return j, dataMeanError(j, "cohort entries", cohort, "births")
		case cohort > rng.MaxPoissonMean:
			return j, meanError(j, "cohort entries", n, r.Cohort, "crude_birth_rate")
		case deathsTooLarge(most, mu) && c.DeathMean != nil:
			return j, dataMeanError(j, "deaths", float64(most)*mu, "deaths")
		case deathsTooLarge(most, mu):
			return j, meanError(j, "deaths", most, mu, "crude_death_rate")
		}
		cover := c.MCV1[j] * r.Efficacy
		d.vaccMean[j], d.unvaccMean[j], d.mu[j] = births*cover, births*(1-cover), mu
		if x != nil {
			x.vaccMean[j], x.unvaccMean[j] = cohort*cover, cohort*(1-cover)
		}
	}
	return len(c.S), nil
}
