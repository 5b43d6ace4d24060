package model

import (
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// registerABMSystems registers the agent-based model's own processes (the
// reference's names; docs/abm.md). Its equilibrium and seeding are the
// shared entries, which act on agents in an agent world.
func registerABMSystems() {
	MustRegister(NewComponentType(ComponentSpec[*systems.ImportationPressure, systems.ImportationParams]{
		Name: systems.ImportationName, Kind: KindPhase, Model: TypeABM,
		Summary: "Imports infections: k ~ Binomial(N_j, rate/ticks_per_year/1000) per active day, min(k, S_j) random susceptible agents exposed (S → E with a latent timer).",
		Defaults: func() systems.ImportationParams {
			return systems.DefaultImportationParamsFor(params.CompartmentalStepDays)
		},
		New: func(p *systems.ImportationParams) phases.Factory {
			return systems.NewImportationPressureFor(p, abm.Exposure)
		},
		Params: (*systems.ImportationPressure).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*abm.ABMInfection, abm.ABMInfectionParams]{
		Name: systems.InfectionName, GoName: "Infection", Kind: KindPhase, Model: TypeABM,
		Summary:  "Agent transmission and progression per day: λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j as the compartmental model's; Binomial(S_j, 1 − e^(−λ_j·s_max)) random susceptibles, each infected with probability (1 − e^(−λ_j·s_i))/(1 − e^(−λ_j·s_max)) (S → E, lognormal latent timer exp_mu, exp_sigma); timers due: E → I (gamma infectious timer inf_mean, inf_sigma), I → R.",
		Defaults: abm.DefaultABMInfectionParams, Decode: abm.DecodeABMInfectionParams,
		New: abm.NewABMInfection,
	}))
	MustRegister(NewComponentType(ComponentSpec[*abm.ABMVitalDynamics, abm.ABMVitalParams]{
		Name: systems.VitalDynamicsName, GoName: "VitalDynamics", Kind: KindPhase, Model: TypeABM,
		Summary:  "Crude-rate demography of agents: initial ages ~ the stable exponential age distribution truncated at max_age; b_j ~ Poisson(N_j·CBR/1000/365) births per patch per day into free rows (S, listed as the table's newborns); each agent's death scheduled after an Exponential(CDR/1000/365 per day) remaining life, at the latest at max_age.",
		Defaults: abm.DefaultABMVitalParams, Decode: abm.DecodeABMVitalParams,
		New: abm.NewABMVitalDynamics,
	}))
	MustRegister(NewComponentType(ComponentSpec[*abm.ABMConstantPop, systems.ConstantPopParams]{
		Name: systems.ConstantPopName, GoName: "ConstantPop", Kind: KindPhase, Model: TypeABM,
		Summary:  "Births equal deaths in every patch: each agent dies after an Exponential(crude_birth_rate/1000/365 per day) remaining life and is replaced the same day by a susceptible newborn in its patch.",
		Defaults: systems.DefaultConstantPopParams, Decode: systems.DecodeConstantPopParams,
		New: abm.NewABMConstantPop,
	}))
	registerABMWPP()
	registerABMTrackers()
	registerABMImmunity()
}
