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
// start-of-step counts, drawing per patch in the order vaccinated births,
// unvaccinated births, dS, dI, dR (dS, dE, dI, dR in an SEIR world, where N
// includes E). It returns the number of deaths clamped, and a [CountError]
// (patch index relative to the block) when a patch's population would pass
// 2^53 or a draw's mean is above the sampler limit: the block stops at that
// patch, leaving it unchanged.
func VitalBlock(src *rng.Source, r VitalRates, c VitalColumns) (int64, *CountError) {
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
