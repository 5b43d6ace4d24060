package mixing

import "github.com/rubeola/rubeola/scenario"

// Mixer builds the mixing matrix M of a scenario (SPEC §7.1): row = source,
// M[i,j] is the share of patch i's infectious pressure that lands in patch j.
//
// Mixers are immutable values and cache nothing: every call of Mixing builds
// a new matrix from the given scenario (the model builds it once, at
// Initialize). Name is the mixer's JSON type ("gravity", …). A custom Mixer
// is any type with these two methods; to be written in run files and
// snapshots it also implements json.Marshaler (its canonical spec, "type"
// first) and its type is registered with [Register], as the built-in mixers
// are ([DecodeMixer], [MarshalMixer]).
type Mixer interface {
	Name() string
	Mixing(scn *scenario.Table) (*Matrix, error)
}

// Compile-time checks of the built-in mixers.
var (
	_ Migrator       = Gravity{}
	_ Migrator       = Radiation{}
	_ Migrator       = Stouffer{}
	_ Migrator       = CompetingDestinations{}
	_ Migrator       = migrationMatrix{}
	_ Mixer          = mixingMatrix{}
	_ ReportingMixer = TruncatedMixer{}

	_ kernelMixer = Gravity{}
	_ kernelMixer = Radiation{}
	_ kernelMixer = Stouffer{}
	_ kernelMixer = CompetingDestinations{}
)
