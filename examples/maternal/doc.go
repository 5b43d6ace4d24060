// Command maternal is the compartmental model with maternal immunity: a
// compartment M that newborns enter and that wanes to S, built from the
// engine's extension points with no workaround.
//
// compartment.go declares M (type Maternal int64) with its roles
// (ecs.Roles): M counts in the population N (the force of infection's N_j,
// importation's N, the crude births' N) and dies with the other
// compartments (VitalDynamics draws its deaths), but is not susceptible:
// maternal antibodies protect an infant fully while they last, and their
// loss is the move to S, so a partial protection (susceptibility σ > 0) is
// left out (a run file can give M one: compartments = [{name = "M",
// susceptibility = 0.1}]). VitalDynamics sends the unvaccinated births to M
// (births_to = "M"; MCV1-protected births still enter R); its school-entry
// cohort (the children born years earlier who enter school on one day of
// the year, He, Ionides & King 2010) is a flow of its own into S, not
// births into M. waning.go is the phase that owns the rest of M's life:
// each day Binomial(M, 1 − e^(−1/duration_days)) people go M → S.
//
// register.go registers M and MaternalWaning, so run.toml is the same
// model as a run file. The program runs two years of a 3×3 grid of towns
// and prints each state's final total and the year's flows, read each day
// from the views the processes publish (ecs.Flows): births into M, cohort
// entries into S, deaths. The test checks conservation every day: the
// change of N over all compartments is births + cohort entries − deaths.
//
//	go run ./examples/maternal
package main
