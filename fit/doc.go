// Package fit fits rubeola's models to case notifications by likelihood:
// measurement models as densities ([Measurement]), a block particle
// filter ([PFilter], Rebeschini & van Handel 2015; with blocks of one place,
// each place's bootstrap filter: log-likelihood with its Monte Carlo standard error,
// filtering means, effective sample sizes, conditional log-likelihoods),
// iterated filtering ([IF2], Ionides et al. 2015; the estimate chosen by
// particle filter among the last iterations' means, [SelectIF2], and a
// convergence diagnostic of its trace, [TraceConvergence]), the iterated
// block particle filter for shared and per-town parameters of several
// towns ([IBPF], Ionides, Ning & Wheeler 2022; per-town values as
// [TownKey]s) and profile likelihoods with the Monte Carlo adjusted profile
// confidence interval ([Profile], Ionides et al. 2017), and the fit file
// that `rubeola fit` reads ([LoadFile]), with per-place parameter values
// from a table
// ([ParameterTable]).
//
// Particles are replicates: a filter with J particles over P places builds
// the model on the scenario replicated J times (scenario.Table.Replicate,
// place-major), so the J copies of a place step together like J patches,
// through the model's own components, streams and block-parallel kernels,
// and coupled towns (EulerSEIR's coupling) mix within a particle. The places
// are partitioned into blocks ([Spec].Blocks, [BlockSpec]: fit files'
// block_size, blocks or block_column). Between observations the filter
// weighs every particle of a block by the product of its places'
// measurement densities given the particle's accumulated cases, and
// resamples each block's particles systematically (every place of a block
// takes the same ancestor): the world's compartments, the per-patch state of
// every [phases.Resampler] and every per-particle parameter move with their
// particle. Parameters a component holds per patch ([phases.PatchParameters],
// systems.PatchValue) are the particles' parameters: iterated filtering
// perturbs them in place.
//
// The model of He, Ionides & King (2010) is composed from three components
// of the compartmental model (package systems/compartmental):
// compartmental.PopulationData (census population and lagged births),
// compartmental.InitialFractions (S_0, E_0, I_0, R_0) and
// compartmental.EulerSEIR (transmission with gamma noise and Euler-multinomial competing risks);
// docs/fit.md compares it, formula by formula, with pomp's.
package fit
