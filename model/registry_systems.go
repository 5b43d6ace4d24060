package model

import (
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// registerSystems registers the processes of package systems, in SPEC §5
// order. Their keys, aliases and docs are the tags of their params. The
// equilibrium and the seeding serve every model type: the agent-based
// model's variants are wired in.
func registerSystems() {
	MustRegister(NewComponentType(ComponentSpec[*systems.InitializeEquilibriumStates, systems.EquilibriumParams]{
		Name: systems.EquilibriumName, Kind: KindInitialiser,
		Summary:  "Splits each patch's S+R into the endemic equilibrium: R = trunc(P·(1 − 1/R0)), S = P − R (SPEC §5.7).",
		Defaults: systems.DefaultEquilibriumParams, Decode: systems.DecodeEquilibriumParams,
		New: func(p *systems.EquilibriumParams) phases.Factory {
			return systems.NewInitializeEquilibriumStatesFor(p, abm.InitializeEquilibrium)
		},
		Params: (*systems.InitializeEquilibriumStates).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.InfectionSeeding, systems.SeedingParams]{
		Name: systems.SeedingName, Kind: KindInitialiser,
		Summary:  "Moves susceptibles to I once (to E in an SEIR world), in the largest patch or in listed patches (SPEC §5.2).",
		Defaults: systems.DefaultSeedingParams, Decode: systems.DecodeSeedingParams,
		New: func(p *systems.SeedingParams) phases.Factory {
			return systems.NewInfectionSeedingFor(p, abm.Exposure)
		},
		Params: (*systems.InfectionSeeding).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.ImportationPressure, systems.ImportationParams]{
		Name: systems.ImportationName, Kind: KindPhase, Model: TypeBiweekly,
		Summary:  "Imports infections: k ~ Binomial(N_j, rate/ticks_per_year/1000) per active tick, moved S → I (S → E in an SEIR world, where N_j includes E) (SPEC §5.3).",
		Defaults: systems.DefaultImportationParams, Decode: systems.DecodeImportationParams,
		New: systems.NewImportationPressure, Params: (*systems.ImportationPressure).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.ImportationPressure, systems.ImportationParams]{
		Name: systems.ImportationName, Kind: KindPhase, Model: TypeCompartmental,
		Summary: "Imports infections: k ~ Binomial(N_j, rate/ticks_per_year/1000) per active day, moved S → E (the reference's compartmental importation: rate/365/1000 per day).",
		Defaults: func() systems.ImportationParams {
			return systems.DefaultImportationParamsFor(params.CompartmentalStepDays)
		},
		New: systems.NewImportationPressure, Params: (*systems.ImportationPressure).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.Infection, systems.InfectionParams]{
		Name: systems.InfectionName, Kind: KindPhase, Model: TypeBiweekly,
		Summary:  "Transmission with spatial mixing: λ_j = β_tick·s(t)·(Σ_i I_i·M[i,j])^α / N_j (α = 1 by default: mass action), ΔI ~ Binomial(S, 1 − e^(−λ)); R += I, I = ΔI (SPEC §5.1).",
		Defaults: systems.DefaultInfectionParams, Decode: systems.DecodeInfectionParams,
		New: systems.NewInfection, Params: (*systems.Infection).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*compartmental.Infection, compartmental.InfectionParams]{
		Name: systems.InfectionName, GoName: "Infection", Kind: KindPhase, Model: TypeCompartmental,
		Summary:  "SEIR transmission and progression per day: λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j; S → E ~ Binomial(S, 1 − e^(−λ)), E → I ~ Binomial(E, 1 − e^(−1/exp_mu)), I → R ~ Binomial(I, 1 − e^(−1/inf_mu)) (the reference's compartmental InfectionProcess).",
		Defaults: compartmental.DefaultInfectionParams, Decode: compartmental.DecodeInfectionParams,
		New: compartmental.NewInfection,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.VitalDynamics, systems.VitalDynamicsParams]{
		Name: systems.VitalDynamicsName, Kind: KindPhase, PatchesOnly: true,
		Summary:  "Births (MCV1-protected newborns to R, the others to S) and deaths from S, I and R (and E in an SEIR world); births and deaths from the crude rates, the scenario's births_per_year/deaths_per_year or a yearly CSV table, optionally with a school-entry cohort (SPEC §5.4; a declared compartment belongs to the phases that move people through it).",
		Defaults: systems.DefaultVitalDynamicsParams, Decode: systems.DecodeVitalDynamicsParams,
		New: systems.NewVitalDynamics, Params: (*systems.VitalDynamics).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.ConstantPop, systems.ConstantPopParams]{
		Name: systems.ConstantPopName, Kind: KindPhase, PatchesOnly: true,
		Summary:  "Births equal deaths in every patch: dX ~ Poisson(X·μ) for X in S, I and R (and E in an SEIR world), all births to S; population conserved exactly (SPEC §5.5).",
		Defaults: systems.DefaultConstantPopParams, Decode: systems.DecodeConstantPopParams,
		New: systems.NewConstantPop, Params: (*systems.ConstantPop).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*systems.SIACalendar, systems.SIACalendarParams]{
		Name: systems.SIACalendarName, Kind: KindPhase, PatchesOnly: true,
		Summary:  "Supplementary immunisation campaigns: each (group, date) fires once, at the first tick on or after its date, moving Binomial(S, sia_efficacy) S → R in each patch of the group (SPEC §5.6).",
		Defaults: systems.DefaultSIACalendarParams, Decode: systems.DecodeSIACalendarParams,
		New: systems.NewSIACalendar, Params: (*systems.SIACalendar).Params,
	}))
	registerABMSystems()
	MustRegister(NewComponentType(ComponentSpec[*compartmental.InitialFractions, compartmental.InitialFractionsParams]{
		Name: compartmental.InitialFractionsName, Kind: KindInitialiser, Model: TypeCompartmental,
		Summary:  "Sets S, E, I, R to shares S_0, E_0, I_0, R_0 of each patch's population at the start (from PopulationData when placed after it), rounded half to even (He et al. 2010; pomp's rinit).",
		Defaults: compartmental.DefaultInitialFractionsParams, Decode: compartmental.DecodeInitialFractionsParams,
		New: compartmental.NewInitialFractions,
	}))
	MustRegister(NewComponentType(ComponentSpec[*compartmental.EulerSEIR, compartmental.EulerSEIRParams]{
		Name: compartmental.EulerSEIRName, Kind: KindPhase, Model: TypeCompartmental,
		Summary:  "He et al. (2010)'s measles transmission per day (dt = 1/365.25 year): foi = R0·(γ+μ)·s(t)·(I + ι)^α / P(t), gamma white noise sigma_se, Euler-multinomial competing risks S → E|death, E → I|death, I → R|death; accumulates the I → R cases. Numbers may come from scenario columns.",
		Defaults: compartmental.DefaultEulerSEIRParams, Decode: compartmental.DecodeEulerSEIRParams,
		New: compartmental.NewEulerSEIR,
	}))
	MustRegister(NewComponentType(ComponentSpec[*compartmental.PopulationData, compartmental.PopulationDataParams]{
		Name: compartmental.PopulationDataName, Kind: KindPhase, Model: TypeCompartmental,
		Summary:  "Population and births from yearly census data (smoothing spline, as pomp): births lagged by delay enter S as Poisson draws, a cohort share on the cohort day; R = P(t) − S − E − I (He et al. 2010).",
		Defaults: compartmental.DefaultPopulationDataParams, Decode: compartmental.DecodePopulationDataParams,
		New: compartmental.NewPopulationData,
	}))
}
