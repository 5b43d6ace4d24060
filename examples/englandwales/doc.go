// Command englandwales builds a spatial SEIR model of measles in the 954
// towns and cities of England and Wales from a run file, and writes the
// share of weeks without reported cases ("fade-out") by town size: the
// pattern behind Bartlett's critical community size (Bartlett 1957, J. R.
// Stat. Soc. A 120:48–70; Grenfell & Harwood 1997, Trends Ecol. Evol.
// 12:395–399): below a few hundred thousand people, measles dies out between
// epidemics and must be reintroduced, so small towns report no cases in most
// weeks and the largest cities in almost none.
//
// The model (run.toml) is the daily compartmental model with the parts the
// fitted models of England and Wales measles need (He, Ionides & King 2010,
// J. R. Soc. Interface 7:271–283):
//
//   - births from data: each town's yearly births from the scenario column
//     births_per_year, with a share of each year's births entering S at
//     school entry on one day of the year (the cohort effect);
//   - school-term forcing: transmission higher in term than in the
//     holidays, the multiplier averaging 1 over the year;
//   - a latent period of 8 days and an infectious period of 5 days, β = 3.4
//     per day: R0 = β·inf_mu = 17 in the continuous-time model, ≈ 18.8 in the
//     daily chain (β/(1 − e^(−1/inf_mu)), docs/compartmental.md);
//   - gravity coupling between towns and a small importation rate;
//   - reporting: weekly totals of new cases, negative-binomial with
//     reporting probability 0.5 and overdispersion ψ = 0.1.
//
// The data, ../shared/data/england_wales_954.csv (id, pop, lat, lon, mcv1,
// births_per_year), is not part of rubeola; the program reads it from
// -data and the test skips that run when it is absent (the test also runs
// the same code on a synthetic set of towns it makes itself).
//
// Run it from the module root:
//
//	go run ./examples/englandwales -data ../shared/data/england_wales_954.csv -out ew-out
//
// It writes ew-out/fadeouts.csv (one row per town: id, pop, weeks, weeks
// without reported cases, their share) and ew-out/fadeouts.png (that share
// against population, log scale, with the mean per size class), prints the
// table of size classes, and draws the weekly reported cases on maps
// (plot.RenderMaps, docs/plots.md): ew-out/map.png (six dates), map.gif
// (every fourth week of 20 years) and waves.png with waves.csv (each
// town's phase lag behind London against its distance from London, the
// travelling waves of Grenfell, Bjørnstad & Kappey 2001, Nature
// 414:716–723).
package main
