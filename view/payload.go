package view

// Payload is the data block of the page: everything the page shows, as
// JSON inside a <script type="application/json"> element. Per-patch series
// are [Floats]; short series (totals, bands, fit) are plain JSON numbers,
// with null for a missing value.
type Payload struct {
	// Kind is "run", "ensemble" or "fit".
	Kind string `json:"kind"`
	// Title and Subtitle head the page; Notes are sentences under them
	// (what was aggregated, what is missing).
	Title    string   `json:"title"`
	Subtitle string   `json:"subtitle,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	// Period names one time step of Dates ("week", "day", "biweek", "4
	// weeks"); Dates are the periods' first days, YYYY-MM-DD, shared by
	// Map, Totals and Ensemble.
	Period string   `json:"period"`
	Dates  []string `json:"dates"`
	// Map is the per-patch data, nil when the run has none.
	Map *MapData `json:"map,omitempty"`
	// Totals are the series of all patches.
	Totals *Totals `json:"totals,omitempty"`
	// Ensemble holds bands of the totals when the run was an ensemble.
	Ensemble []Band `json:"ensemble,omitempty"`
	// Fit is a `rubeola fit` directory's data and simulated bands.
	Fit *FitData `json:"fit,omitempty"`
	// Boundaries are admin boundaries drawn under the patches.
	Boundaries *Boundaries `json:"boundaries,omitempty"`
}

// MapData is the map: one circle per patch (or per aggregate) at its
// coordinates, its area proportional to Pop, coloured by a measure of
// States and Cases at the chosen period.
type MapData struct {
	// N is the number of patches drawn; IDs, X, Y and Pop have N values.
	N   int      `json:"n"`
	IDs []string `json:"ids"`
	// X and Y are the places projected, in km east and north of the
	// projection's centre; Projection names it.
	X          Floats `json:"x"`
	Y          Floats `json:"y"`
	Projection string `json:"projection"`
	Pop        Floats `json:"pop"`
	// Compartments name States in order (S, E, I, R, then the model's).
	Compartments []string `json:"compartments"`
	// States holds, per compartment, N × len(Dates) values, period-major
	// (value of patch i at period t at t·N + i).
	States map[string]Floats `json:"states"`
	// Cases, period-major as States, are the cases in each period (nil:
	// none); CasesLabel says which ("reported cases", "new infections").
	Cases      *Floats `json:"cases,omitempty"`
	CasesLabel string  `json:"casesLabel,omitempty"`
	// Unit is what one circle is: "patches" or "grid cells".
	Unit string `json:"unit"`
	// Aggregation says how patches were combined, "" when they were not.
	Aggregation string `json:"aggregation,omitempty"`
}

// Totals are the all-patch series, one value per period.
type Totals struct {
	Compartments []string                `json:"compartments"`
	States       map[string][]JSONNumber `json:"states"`
	Cases        []JSONNumber            `json:"cases,omitempty"`
}

// Band is an ensemble's quantiles of one all-patch series: Name is
// "cases" or a compartment ("I"), What says what a value is, Period names
// the time between Dates (the table's ticks or report windows).
type Band struct {
	Name       string       `json:"name"`
	What       string       `json:"what"`
	Replicates int          `json:"replicates"`
	Period     string       `json:"period"`
	Dates      []string     `json:"dates"`
	Q05        []JSONNumber `json:"q05"`
	Q25        []JSONNumber `json:"q25"`
	Q50        []JSONNumber `json:"q50"`
	Q75        []JSONNumber `json:"q75"`
	Q95        []JSONNumber `json:"q95"`
}

// FitData is what `rubeola fit` wrote: per place the reports and the
// quantiles of simulated reports (simulated.csv), and the IF2 trace.
type FitData struct {
	Places []string `json:"places"`
	// Dates are the report dates; each [place][report] array follows them.
	Dates  []string       `json:"dates"`
	Report [][]JSONNumber `json:"report"`
	Q025   [][]JSONNumber `json:"q025"`
	Q10    [][]JSONNumber `json:"q10"`
	Q50    [][]JSONNumber `json:"q50"`
	Q90    [][]JSONNumber `json:"q90"`
	Q975   [][]JSONNumber `json:"q975"`
	// Trace is IF2's trace.csv, nil for a particle filter.
	Trace *Trace `json:"trace,omitempty"`
}

// Trace is IF2's per-iteration log-likelihood and parameter means.
type Trace struct {
	Iteration []JSONNumber  `json:"iteration"`
	Series    []TraceSeries `json:"series"`
}

// TraceSeries is one column of trace.csv: "loglik" or a parameter.
type TraceSeries struct {
	Name   string       `json:"name"`
	Values []JSONNumber `json:"values"`
}

// Boundaries are polylines projected as the map's places (km): XY holds x,
// y pairs and Starts the index (in pairs) where each line starts.
type Boundaries struct {
	Starts []int  `json:"starts"`
	XY     Floats `json:"xy"`
}
