// Package examples holds small runnable programs that show rubeola's API.
// Each one is run by a test that checks its output (every number depends
// only on fixed seeds), and the quick start of docs/extending.md is the file
// examples/quickstart/main.go verbatim (a test checks that they agree).
// TestDocSnippetsCompile checks that every ```go block of README.md and
// docs/*.md appears (white space aside) in one of these programs, so every
// snippet a user reads is compiled and run.
//
//   - quickstart: build a scenario, run the standard schedule plus a bare
//     function phase, read the trackers (go run ./examples/quickstart).
//   - customphase: a user phase, WaningImmunity (R → S with Binomial draws
//     from its own per-block streams, zero allocations per step), placed
//     after Infection in model.DefaultComponents(), and a user tracker
//     implementing metrics.Tracker and phases.Snapshotter, exported with
//     metrics.WriteTidyCSV; resuming a snapshot with user components.
//   - sirs: an S, I, R, W model, the compartment W (type Waning int64)
//     declared with ecs.NewCompartment and model.WithCompartments from
//     outside rubeola's packages, a user phase ImmunityLoss moving
//     R → W → S with exact Binomial draws from its own streams, the W rows
//     of states.csv (metrics.WriteTidyCSV), a snapshot saved halfway and
//     resumed with the factories (go run ./examples/sirs [DIR]).
//   - maternal: SEIR + maternal immunity in the compartmental model: a compartment
//     M with roles (ecs.Roles: in N, dies), VitalDynamics births_to = "M"
//     with the school-entry cohort a flow of its own into S, a waning phase
//     M → S, run.toml, and a test checking conservation every day from the
//     published flows (ecs.FlowsOf) (go run ./examples/maternal).
//   - custommixer: a user mixing.Mixer, an exponential distance kernel built
//     with mixing.Distances, mixing.Normalize and mixing.MixingFromMigration,
//     used as systems.InfectionParams.Mixer; registered as the mixer type
//     "exponential" (mixing.Register, its own MarshalJSON), it also runs
//     from run.toml and resumes from a snapshot with no factories.
//   - mybinary: a user's own rubeola binary: main.go registers the Waning
//     component (model.MustRegister, waning.go) and calls cli.Main();
//     run.toml names type = "Waning"; the test runs it with snapshots,
//     resumes one and checks the key errors through cli.Execute.
//   - variant: a model variant without Go model code, the run file
//     examples/variant/run.toml (grid rows as SIA groups, ConstantPop,
//     per-row trackers), loaded with runfile.Load, run halfway, saved
//     with SaveSnapshot and finished with model.LoadSnapshot.
//   - ensemble: 20 replicates of a grid scenario as one model.Ensemble
//     (seeds 1…20), quantile bands of incidence across them with
//     metrics.EnsembleTable, the attack rate's distribution with
//     metrics.SummarizeEnsemble, the whole table as CSV with
//     metrics.WriteQuantileCSV (go run ./examples/ensemble [bands.csv]).
//   - schoolterms: a CSV of school term dates turned into the 26-value
//     season_table of Infection (share of each tick's days in term, scaled
//     to mean 1 with an amplitude), compared with a run without seasonality.
//   - rasterscenario: a scenario built from a synthetic GeoTIFF population
//     raster and a GADM-like shapefile written by the program
//     (demographics.AddDotname, demographics.NewRasterPatchGenerator).
//   - usermatrix: a labelled mixing matrix read from a CSV file and used
//     through mixing.FromMixingMatrix.
//   - runfromgo: a run file's model run from Go and its files written
//     with package output (output.Session): exactly the files rubeola run
//     --config writes, which its test checks byte for byte.
//   - readoutputs: the tidy tables read back in Go, Parquet with
//     parquet-go as docs/outputs.md shows, compared with the CSV.
//   - compartmental: the compartmental model (model.NewCompartmental,
//     model.DefaultCompartmentalComponents) for five years, each year's new
//     cases read from the SEIR Infection's Incidence.
//   - abm: the agent-based model (model.NewABM) of eight towns in two
//     regions with ages, routine MCV1 and MCV2 from the scenario's mcv1 and
//     mcv2 columns, maternal antibodies and an SIA for the children aged
//     9–59 months of one region; prints the doses and the immunity profile
//     by age of each region at the end; run.toml is the same model for
//     rubeola run --config; underfive.go is a phase of the program's own
//     reading the agent table (go run ./examples/abm).
//   - uk40: the 40 largest cities' biweekly reports (Dalziel et al. 2016,
//     via spatPomp; ../shared/data/uk40, not part of rubeola) converted to
//     fit inputs on a 14-day grid, then one block particle filter of the
//     coupled model (forty.toml; go run ./examples/uk40).
//   - englandwales: the 954 towns of England and Wales from a run file
//     (the compartmental model, births from the scenario's births_per_year with a
//     school-entry cohort, school terms, weekly negative-binomial reports)
//     and the share of weeks without reported cases by town size; the data
//     is read from -data and is not part of rubeola (the test skips that
//     run without it and always runs synthetic towns).
package examples
