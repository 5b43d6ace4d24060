package fit

import "maps"

// Params returns the file's parameter set, the values that replace the
// model's: [set] and the estimates' start values (nil when there are
// none).
func (f *File) Params() map[string]float64 {
	if len(f.Set) == 0 && len(f.Start) == 0 {
		return nil
	}
	out := maps.Clone(f.Start)
	if out == nil {
		out = map[string]float64{}
	}
	maps.Copy(out, f.Set)
	return out
}

// PFilterOptions returns the options of a likelihood evaluation of the
// file's parameters ([File.Params]): [fit] particles, filters and seed,
// and workers goroutines per filter (0: GOMAXPROCS).
func (f *File) PFilterOptions(workers int) PFilterOptions {
	return PFilterOptions{Particles: f.Particles, Filters: f.Filters, Seed: f.Seed, Workers: workers, Set: f.Params()}
}

// IF2Options returns the options of the file's IF2 or IBPF search: [fit]
// particles, iterations, cooling, spat_regression and seed, the estimates
// with their start values and [set] held fixed.
func (f *File) IF2Options(workers int) IF2Options {
	return IF2Options{Particles: f.Particles, Iterations: f.Iterations, Cooling: f.Cooling, Seed: f.Seed, Workers: workers,
		Estimates: f.Estimates, Start: f.Start, Fixed: f.Set, SpatRegression: f.SpatRegression}
}

// ProfileOptions returns the options of the file's profile: [profile]
// with [IF2Options] for the searches, each evaluated with [fit] particles
// and filters. It panics when the file has no [profile].
func (f *File) ProfileOptions(workers int) ProfileOptions {
	p := f.Profile
	return ProfileOptions{Parameter: p.Parameter, Values: p.Values, Starts: p.Starts, IF2: f.IF2Options(workers),
		EvalParticles: f.Particles, EvalFilters: f.Filters, Level: p.Level}
}

// ProfileIndices returns the indices of the profile's points that shard i
// of n runs: k with k mod n == i (n = 1: every point).
func (f *File) ProfileIndices(i, n int) []int {
	var out []int
	for k := range len(f.Profile.Values) * f.Profile.Starts {
		if n <= 1 || k%n == i {
			out = append(out, k)
		}
	}
	return out
}
