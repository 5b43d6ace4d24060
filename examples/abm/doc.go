// Command abm runs the agent-based model (model type "abm", docs/abm.md):
// one agent per person, with ages, routine MCV1 and MCV2 at 9 and 15
// months, and a supplementary campaign (SIA) for the children aged 9–59
// months of one region, then prints the immunity profile by age: the share
// of each age band that is susceptible, infected, or immune by infection,
// MCV1, MCV2, the SIA or maternal antibodies.
//
// towns.csv (embedded) holds eight towns in two regions, "north" with
// routine coverage 0.80–0.85 (MCV1) and 0.60–0.70 (MCV2), "south" with
// 0.50–0.60 and 0.20–0.30: the scenario's mcv1 and mcv2 columns are what
// RoutineImmunization reads. The schedule is the standard ABM schedule
// (equilibrium initial states by age, importation, transmission with
// gravity mixing, crude vital dynamics with a maximum age of 100 years,
// routine immunisation) plus maternal antibodies, the campaign in the
// south on 1 March 2005 (coverage 0.8), and the trackers of people. The run
// lasts six years and a day, so that its last tick, 1 January 2006, is one
// of the immunity profile's yearly samples.
//
// underfive.go is a phase of the program's own that reads the agent table
// (agents.Of): the day's infected agents (Table.Infected) and their dates
// of birth give the infections of children under five, printed per region.
//
// run.toml is the same model as a run file (scenario, params and the whole
// component list):
//
//	go run ./examples/abm
//	go run ./cmd/rubeola run --config examples/abm/run.toml --out abm-out --plot
//
// The test checks that both give the same immunity profile and doses, and
// what the profile must show: maternal antibodies only in infants, no
// routine dose before its age, more MCV1 in the north, and SIA immunity
// only in the south's cohorts that were 9–59 months old on the campaign's
// day.
package main
