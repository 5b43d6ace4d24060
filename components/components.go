package components

// Susceptible is the number of susceptible individuals in a patch (S).
type Susceptible int64

// Exposed is the number of exposed (infected, not yet infectious)
// individuals in a patch (E): the latent compartment of the daily models
// (compartmental and agent-based).
type Exposed int64

// Infectious is the number of infectious individuals in a patch (I).
type Infectious int64

// Recovered is the number of recovered (immune) individuals in a patch (R).
type Recovered int64

// Population is the patch's static scenario population (the scenario's `pop`
// column). It does not change during a run; the current population is S+I+R.
type Population int64

// Coverage is the patch's routine first-dose (MCV1) coverage, a fraction in
// [0, 1] (the scenario's `mcv1` column).
type Coverage float64

// Location is the patch's position in degrees.
type Location struct {
	Lat float64 // latitude, degrees north, in [-90, 90]
	Lon float64 // longitude, degrees east, in [-180, 180]
}

// Index is the patch's scenario row (0-based).
type Index int
