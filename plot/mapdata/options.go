package mapdata

// DefaultPeriodDays is the default reporting period: a week, as measles
// was reported in England and Wales (a run whose ticks are a week or
// longer has one tick per period).
const DefaultPeriodDays = 7

// Options are how [Load] reads a run.
type Options struct {
	// Scenario is the scenario file with the patches' coordinates; ""
	// finds it from summary.json ([FindScenario]).
	Scenario string
	// PeriodDays is the reporting period (0: DefaultPeriodDays): ticks
	// are grouped into periods of ⌈PeriodDays/tick days⌉ ticks (at least
	// one). A per-patch cases table whose windows are longer sets the
	// period to its window.
	PeriodDays int
	// GridThreshold is the number of patches above which patches are
	// summed into grid cells (0: GridThreshold; negative: never).
	GridThreshold int
	// GridCells is the number of cells along the longer side of the grid
	// (0: GridCells).
	GridCells int
}

func (o Options) withDefaults() Options {
	if o.PeriodDays <= 0 {
		o.PeriodDays = DefaultPeriodDays
	}
	if o.GridThreshold == 0 {
		o.GridThreshold = GridThreshold
	}
	if o.GridCells <= 0 {
		o.GridCells = GridCells
	}
	return o
}
