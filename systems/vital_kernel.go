package systems

import (
	"github.com/rubeola/rubeola/rng"
)

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
// start-of-step counts, in runs of at most [rng.BlockSize] patches, each
// run batched ([rng.Poissons]) in the order vaccinated births of every
// patch, unvaccinated births, then the deaths dS, dI, dR (dS, dE, dI, dR in
// an SEIR world, where N includes E). It returns the number of deaths
// clamped, and a [CountError] (patch index relative to the block) when a
// patch's population would pass 2^53 or a draw's mean is above the sampler
// limit: the patches before it are updated, it and those after are not.
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
	return VitalColumns{S: c.S[lo:hi], I: c.I[lo:hi], R: c.R[lo:hi], E: sub(c.E, lo, hi), MCV1: c.MCV1[lo:hi],
		BirthMean: sub(c.BirthMean, lo, hi), DeathMean: sub(c.DeathMean, lo, hi),
		Births: c.Births[lo:hi], Vaccinated: c.Vaccinated[lo:hi], Deaths: c.Deaths[lo:hi]}
}

// vitalDraws is one run's birth means and draws, on the caller's stack.
type vitalDraws struct {
	deathDraws
	vaccMean, unvaccMean [rng.BlockSize]float64
	vacc, unvacc         [rng.BlockSize]int64
}

// vitalRun is VitalBlock on at most rng.BlockSize patches.
func vitalRun(src *rng.Source, r VitalRates, c VitalColumns) (int64, *CountError) {
	var d vitalDraws
	m, bad := d.means(r, c)
	rng.Poissons(src, d.vaccMean[:m], d.vacc[:m])
	rng.Poissons(src, d.unvaccMean[:m], d.unvacc[:m])
	clamped := d.draw(src, c.S[:m], sub(c.E, 0, m), c.I[:m], c.R[:m])
	for j := range m {
		births, deaths := d.vacc[j]+d.unvacc[j], d.ds[j]+d.de[j]+d.di[j]+d.dr[j]
		if n := c.S[j] + at(c.E, j) + c.I[j] + c.R[j]; n+births-deaths > maxPop {
			return clamped, populationError(j, n, births, deaths)
		}
		c.S[j] += d.unvacc[j] - d.ds[j]
		if c.E != nil {
			c.E[j] -= d.de[j]
		}
		c.I[j] -= d.di[j]
		c.R[j] += d.vacc[j] - d.dr[j]
		c.Births[j], c.Vaccinated[j], c.Deaths[j] = births, d.vacc[j], deaths
	}
	return clamped, bad
}

// means sets the run's birth means and death hazards from the start-of-step
// counts and returns the number of patches to draw: all, or those before
// the first whose means are out of range, with its error.
func (d *vitalDraws) means(r VitalRates, c VitalColumns) (int, *CountError) {
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
			return j, dataMeanError(j, "births", births, "births")
		case births > rng.MaxPoissonMean:
			return j, meanError(j, "births", n, r.Birth, "crude_birth_rate")
		case deathsTooLarge(max(s, e, i, rec), mu) && c.DeathMean != nil:
			return j, dataMeanError(j, "deaths", float64(max(s, e, i, rec))*mu, "deaths")
		case deathsTooLarge(max(s, e, i, rec), mu):
			return j, meanError(j, "deaths", max(s, e, i, rec), mu, "crude_death_rate")
		}
		cover := c.MCV1[j] * r.Efficacy
		d.vaccMean[j], d.unvaccMean[j], d.mu[j] = births*cover, births*(1-cover), mu
	}
	return len(c.S), nil
}
