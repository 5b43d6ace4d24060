package agents

// Immunity sources, the bits of [Table.Immunity]: why an agent in R is
// immune (several bits may be set; the immunity profile tracker reads
// them). The built-in sources take the low five bits; sources a program
// registers ([RegisterImmunitySource]) take the next ones.
const (
	ImmuneInfection uint8 = 1 << iota // recovered from infection (or initially immune)
	ImmuneMaternal                    // maternal antibodies
	ImmuneMCV1                        // routine first dose
	ImmuneMCV2                        // routine second dose
	ImmuneSIA                         // supplementary campaign dose
)

// NumBuiltinImmunitySources is the number of built-in immunity sources
// (bits); 8 − NumBuiltinImmunitySources sources can be registered.
const NumBuiltinImmunitySources = 5

// ImmunitySource is a named immunity source: Bit is its bit of
// [Table.Immunity].
type ImmunitySource struct {
	Name string
	Bit  uint8
}

// immunitySources are the sources' names in bit order.
var immunitySources = &nameRegistry{what: "immunity source",
	names:    []string{"infection", "maternal", "mcv1", "mcv2", "sia"},
	builtins: NumBuiltinImmunitySources, max: 8,
	// the immunity profile's other classes
	reserved: []string{"S", "E_I", "R_other"}}

// RegisterImmunitySource makes an immunity source of the agent-based
// model known by name (e.g. "catchup") and returns its bit: a phase that
// immunises an agent for that reason sets the bit in [Table.Immunity]
// (the vaccinate helper of systems/abm does), and the immunity profile
// tracker (metrics.ImmunityByAgeTracker) counts the agents in R whose
// first source it is as the class name (after the built-in lasting
// sources infection, mcv1, mcv2 and sia, before maternal). The bits are
// saved with the agent table. Three sources can be registered (the column
// has 8 bits, 5 built in); a name is a letter then up to 31 letters,
// digits, '_' or '-', and no other source's or class's name (case
// ignored). Register before building any model, as [RegisterDoseKind].
func RegisterImmunitySource(name string) (uint8, error) {
	k, err := immunitySources.add(name)
	if err != nil {
		return 0, err
	}
	return 1 << k, nil
}

// MustRegisterImmunitySource is [RegisterImmunitySource] that panics on
// error, for package-level registration.
func MustRegisterImmunitySource(name string) uint8 {
	b, err := RegisterImmunitySource(name)
	if err != nil {
		panic(err)
	}
	return b
}

// ImmunitySources returns every immunity source in bit order: the
// built-in ones ("infection", "maternal", "mcv1", "mcv2", "sia"), then the
// registered ones in registration order.
func ImmunitySources() []ImmunitySource {
	names := immunitySources.list()
	out := make([]ImmunitySource, len(names))
	for k, n := range names {
		out[k] = ImmunitySource{Name: n, Bit: 1 << k}
	}
	return out
}
