package fit

import (
	"fmt"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
)

// Bounds of the counts a fit file or the fit command's flags take
// (docs/limits.md). Each lies far beyond a real fit, and each keeps a
// hostile value from asking for more memory or time than any machine has:
// before them `[profile] n = 1000000000` died with a Go out-of-memory trace,
// n = 2^62 with a makeslice panic, and a billion filters or iterations ran
// without end.
const (
	// MaxParticles is the most particles per place times places: a
	// filter's model holds one patch per particle and place
	// ([scenario.MaxReplicatedRows], 2^24).
	MaxParticles = scenario.MaxReplicatedRows
	// MaxFilters is the most independent filters of one likelihood
	// evaluation (pomp's courses use 10; 1000 give a standard error 10
	// times smaller than 10 do).
	MaxFilters = 1000
	// MaxIterations is the most IF2 iterations (pomp's courses use 50 to
	// 200; the geometric cooling has shrunk the walks to cooling^200
	// after 10 000).
	MaxIterations = 10_000
	// MaxProfileValues is the most values a profile fixes its parameter
	// at (values, or n of from, to and n); an MCAP needs about 10.
	MaxProfileValues = 10_000
	// MaxProfileStarts is the most IF2 searches per profile value.
	MaxProfileStarts = 1000
	// MaxProfilePoints is the most searches of a profile: values × starts.
	MaxProfilePoints = 100_000
)

// BytesPerParticle is the memory one particle of one place costs a fit,
// for the memory estimate ([MemoryNeeded]): the peak resident memory of
// `rubeola fit` on London 1950 (52 weekly reports, 10 estimates) grew by
// 0.43 kB per particle for a likelihood evaluation (66 MB at 10⁵
// particles, 199 MB at 4·10⁵) and by 0.95 kB for IF2 (120 MB at 10⁵,
// a fresh model each iteration beside the walks); 1 kB covers both.
const BytesPerParticle = 1000

// MemoryNeeded returns the memory a fit of particles per place over places
// needs, in bytes, and the line that shows how it is made up.
func MemoryNeeded(particles, places int) (float64, string) {
	places = max(places, 1)
	b := float64(particles) * float64(places) * BytesPerParticle
	unit := "places"
	if places == 1 {
		unit = "place"
	}
	return b, fmt.Sprintf("%d particles × %d %s × %s = %s", particles, places, unit,
		model.FormatBytes(BytesPerParticle), model.FormatBytes(b))
}

// CheckMemory returns an error when a fit of particles per place over
// places needs more than limit bytes (source says where the limit comes
// from).
func CheckMemory(particles, places int, limit float64, source string) error {
	need, how := MemoryNeeded(particles, places)
	if need <= limit {
		return nil
	}
	return fmt.Errorf("the fit needs %s for its particles (%s), more than the %s allowed (%s): "+
		"use fewer particles, or set the limit yourself (--max-memory)",
		model.FormatBytes(need), how, model.FormatBytes(limit), source)
}

// atMost records a problem at key k when v is above limit and reports
// whether v is within it.
func (t tomlTable) atMost(k string, v, limit int64) bool {
	if v > limit {
		t.errorf(k, "must be at most %d, got %d (see docs/limits.md)", limit, v)
		return false
	}
	return true
}
