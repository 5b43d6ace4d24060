package model

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// StandardSeasonality is the seasonal amplitude of the standard schedule.
const StandardSeasonality = 0.3

// DefaultComponents returns the standard schedule (SPEC §5.9), the model's
// table of contents:
//
//  1. InitializeEquilibriumStates — S/R split at R0 = 8 (initialiser)
//  2. ImportationPressure — 1 import per 1000 per year
//  3. Infection — β = 8/14 per day, seasonality 0.3, default gravity mixing
//  4. VitalDynamics — CBR 20, CDR 8, MCV1 efficacy 0.9
//  5. StateTracker — global S, I, R per tick
func DefaultComponents() []phases.Factory {
	infection := systems.DefaultInfectionParams()
	infection.Seasonality = StandardSeasonality
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&infection),
		systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(nil),
	}
}

// DefaultCompartmentalComponents returns the compartmental model's
// standard schedule (its run files' default), the same table of contents
// with the compartmental model's SEIR components:
//
//  1. InitializeEquilibriumStates — S/R split at R0 = 8 (initialiser)
//  2. ImportationPressure — 1 import per 1000 per year, S → E (divisor 365)
//  3. Infection — SEIR: β = 1 per day, exp_mu 6, inf_mu 8 days (R0 8),
//     seasonality 0.3 over 365 days, default gravity mixing
//  4. VitalDynamics — CBR 20, CDR 8, MCV1 efficacy 0.9, daily rates
//  5. StateTracker — global S, E, I, R per day
func DefaultCompartmentalComponents() []phases.Factory {
	infection := compartmental.DefaultInfectionParams()
	infection.Seasonality = StandardSeasonality
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		compartmental.NewInfection(&infection),
		systems.NewVitalDynamics(nil),
		metrics.NewStateTracker(nil),
	}
}

// DefaultABMComponents returns the agent-based model's standard schedule
// (issue 25's default ABM schedule), the same table of contents with the
// agents' processes:
//
//  1. InitializeEquilibriumStates — a share 1 − 1/R0 (R0 = 8) of the
//     agents immune, by age (initialiser)
//  2. ImportationPressure — 1 import per 1000 per year, S → E (divisor 365)
//  3. Infection — agents: β = 1 per day, latent lognormal (6, 2 days),
//     infectious gamma (8, 2 days), seasonality 0.3 over 365 days, default
//     gravity mixing
//  4. VitalDynamics — CBR 20, CDR 8 per 1000 per year, ages from the
//     stable age distribution, deaths scheduled per agent, maximum age
//     100 years
//  5. RoutineImmunization — MCV1 at 270 days with the scenario's mcv1
//     coverage (and MCV2 at 456 days where it has an mcv2 column),
//     efficacy 0.85 before 12 months, 0.95 after; inactive (no draw, no
//     cost) where every coverage is 0, as in England and Wales before 1968
//  6. StateTracker — global S, E, I, R per day
func DefaultABMComponents() []phases.Factory {
	infection := abm.DefaultABMInfectionParams()
	infection.Seasonality = StandardSeasonality
	return []phases.Factory{
		abm.NewInitializeEquilibriumStates(nil),
		abm.NewImportationPressure(nil),
		abm.NewABMInfection(&infection),
		abm.NewABMVitalDynamics(nil),
		abm.NewRoutineImmunization(nil),
		metrics.NewStateTracker(nil),
	}
}

// StandardComponents returns the standard schedule of model type mt:
// [DefaultCompartmentalComponents] for "compartmental",
// [DefaultABMComponents] for "abm", [DefaultComponents] otherwise.
func StandardComponents(mt string) []phases.Factory {
	switch mt {
	case TypeCompartmental:
		return DefaultCompartmentalComponents()
	case TypeABM:
		return DefaultABMComponents()
	}
	return DefaultComponents()
}

// Version is rubeola's version, recorded in outputs and snapshots (defined
// in metrics, which writes it into results summaries).
const Version = metrics.Version
