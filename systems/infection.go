package systems

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// InfectionName is the component name of [Infection] (the reference class).
const InfectionName = "InfectionProcess"

// biweeklyYear is the number of ticks in the biweekly model's year (26):
// InfectionParams are validated for it, before a model exists; Initialize
// checks the season against the model's own year.
var biweeklyYear = TicksPerYear(params.StepDays)

// InfectionParams configures [Infection] (SPEC §5.1). The 26 in the field
// docs is the biweekly model's year in ticks; with another model it is that
// model's [TicksPerYear].
type InfectionParams struct {
	// Beta is the transmission rate per day; β_tick = Beta·365/26.
	Beta float64 `json:"beta" doc:"transmission rate per day, ≥ 0; β_tick = beta·365/26"`
	// Seasonality is the amplitude A of s(t) = 1 + A·sin(2π(t − t0)/26), in [0, 1].
	Seasonality float64 `json:"seasonality" alias:"seasonal_amplitude" doc:"amplitude A of s(t) = 1 + A·sin(2π(t − season_start)/26), in [0, 1]"`
	// SeasonStart is t0 in ticks, 0…25.
	SeasonStart int `json:"season_start" doc:"tick of the seasonal phase origin, 0…25"`
	// Mixer builds the mixing matrix (row = source) from the scenario.
	Mixer mixing.Mixer `json:"mixer" doc:"mixing kernel, e.g. {type = \"gravity\", a = 1, b = 1, c = 1.5, k = 0.01}; also radiation, stouffer, competing_destinations, migration_matrix, mixing_matrix, truncated"`
	// SeasonTable, when set, replaces the sinusoid: s(t) =
	// SeasonTable[(t − SeasonStart) mod 26]; 26 values ≥ 0; needs Seasonality 0.
	SeasonTable []float64 `json:"season_table" doc:"26 multipliers ≥ 0 replacing the sinusoid (requires seasonality = 0)"`
	// SeasonSpec, when set, replaces the sinusoid by a calendar season
	// ([SeasonSpec]: school terms, or a seasonality estimated from data
	// with fixed coefficients): s(t) is the mean of its daily
	// multiplier over the days of tick t, by the model's dates; needs
	// seasonality 0, no season_table and season_start 0. Any model step.
	SeasonSpec *SeasonSpec `json:"season" doc:"calendar season replacing the sinusoid: {type = \"terms\", amplitude = A, holidays = [[\"07-20\", \"09-05\"], …]}: inclusive MM-DD holidays of a 365-day year (may wrap over New Year, no overlaps); daily multiplier 1 + 2(1 − p)A in term, 1 − 2pA in holidays (p = share of days in term; mean 1 over the year); or a seasonality estimated from data with fixed coefficients, {type = \"bspline\", degree = 3, nbasis = 6, coefficients = [c_1, …, c_5]} (periodic B-splines over the year) or {type = \"tsir\", coefficients = [c_1, …, c_25]} (TSIR's biweeks: days 14(k − 1) … 14k − 1, the 26th to Dec 31): daily multiplier exp(Σ_k c_k·B_k(d/365)) with c_K = −(c_1 + … + c_(K−1)) (log s has mean 0 over the year: beta is the geometric-mean rate); s(t) = its mean over the tick's days. Excludes seasonality ≠ 0 and season_table"`
	// Alpha is the TSIR mixing exponent α (Finkenstädt & Grenfell 2000), in
	// (0, 1]: λ_j = β_tick·s(t)·(Σ_i I_i·M[i,j])^α / N_j. The exponent
	// applies to the mixed infectious count only; β and the season stay
	// outside it (β is the rate per unit of I^α; with α < 1 the force per
	// infectious person falls as I grows, so β is refitted with α). 1 (the
	// default) is today's mass action, computed by the same arithmetic.
	Alpha float64 `json:"alpha" doc:"TSIR exponent α in (0, 1] on the mixed infectious count: λ_j = β_tick·s(t)·(Σ_i I_i·M[i,j])^α / N_j (Finkenstädt & Grenfell 2000 fit ≈ 0.97); 1 = mass action"`
	// Storage is the element type of the factored gravity matrix of the
	// default kernel (SPEC §7.5): StorageFloat64 (default, within 1e−12 of
	// the reference kernel) or StorageFloat32, an opt-in approximation
	// (half the bytes; λ within about 1e−7 relative) that needs the default
	// kernel (Parallel) and a mixer with a factored form (gravity or mixing.FromKernel). StorageDense keeps the dense
	// matrix and the active-source kernel [ForceActive] instead of factored
	// storage: twice the memory and traffic of StorageFloat64 when most
	// sources are infectious, but the fastest force when few are and the
	// infectious set changes from tick to tick (the factored kernel then
	// gathers each newly infectious patch's row from the strided half of
	// D); bit-identical to the reference kernel. StorageStreaming stores
	// nothing of size N²: D is computed on the fly from the coordinates
	// each tick ([mixing.StreamingMatrix]; O(N) memory, exact: the bits of
	// the factored tile pass, within 1e−12 of the reference), for
	// scenarios whose D does not fit in memory; it costs N² kernel values
	// per tick with every patch infectious (measured on 2 shared cores:
	// about 0.15 s at N = 5 000, 1–3 s at 20 000, 50 s at 100 000; see
	// docs/transmission.md), less when few are. StorageHierarchical
	// evaluates D·y with [mixing.Hierarchical] (near field exact, far field
	// interpolated and compressed) to the relative Tolerance: an opt-in
	// approximation (SPEC §7.5) whose measured error
	// ([Infection.LambdaError]) summary.json and --verbose report; about
	// 6.5 KB per patch and 0.1 s per tick at N = 10⁵ (docs/scale.md). The
	// operator storages need the default kernel and a separable mixer
	// (gravity or mixing.FromKernel).
	Storage string `json:"storage" doc:"how the default kernel (use_numba) stores gravity mixing: \"float64\" (factored, D stored once; exact within 1e−12), \"float32\" (factored in float32, opt-in approximation: half the bytes again, λ within about 1e−7), \"dense\" (the dense matrix and the active-source kernel: twice the memory, bit-identical to the reference; fastest when few, changing patches are infectious), \"streaming\" (nothing of size N² stored: D recomputed every tick from the coordinates, exact, O(N) memory; about 0.15 s per tick at N = 5 000, 1–3 s at 20 000, 50 s at 100 000 on 2 cores) or \"hierarchical\" (opt-in approximation to tolerance: near field exact, far field interpolated; O(N log N) build, about 0.1 s per tick at N = 100 000; its measured λ error is reported). float32, streaming and hierarchical need use_numba and a factored mixer (gravity or a user distance kernel, mixing.FromKernel); other mixers always use their own matrix"`
	// Tolerance is the relative error of D·y that storage "hierarchical"
	// is built to (0: mixing.DefaultHierarchicalTolerance, 1e−6); it must
	// be in (0, 1) and is refused with another storage.
	Tolerance float64 `json:"tolerance,omitempty" doc:"storage \"hierarchical\" only: the relative error it is built to, in (0, 1) (0 or absent: 1e−6)"`
}

// Storage values of [InfectionParams.Storage].
const (
	StorageFloat64 = "float64"
	StorageFloat32 = "float32"
	StorageDense   = "dense"
	// StorageStreaming computes D on the fly every tick (no N² storage).
	StorageStreaming = "streaming"
	// StorageHierarchical evaluates D·y with a hierarchical operator to a
	// tolerance (opt-in approximation, O(N log N) storage).
	StorageHierarchical = "hierarchical"
)

// DefaultInfectionParams returns β = 8/14 per day, no seasonality, default
// gravity mixing, α = 1.
func DefaultInfectionParams() InfectionParams {
	return InfectionParams{Beta: 8.0 / 14.0, Mixer: mixing.DefaultGravity(), Storage: StorageFloat64, Alpha: 1}
}

// Validate checks every field's range.
func (p InfectionParams) Validate() error { return p.ValidateYear(biweeklyYear) }

// ValidateYear checks every field's range for a model of year ticks a year
// (season_start, the season table's length): [InfectionParams.Validate] is
// the biweekly model's; the other families' transmissions check their force
// of infection's params with their own year.
func (p InfectionParams) ValidateYear(year int) error {
	var errs []error
	if err := paramkit.NonNegative(InfectionName+": beta", p.Beta); err != nil {
		errs = append(errs, err)
	}
	if !(p.Seasonality >= 0 && p.Seasonality <= 1) {
		errs = append(errs, fmt.Errorf("%s: seasonality must be in [0, 1], got %v", InfectionName, p.Seasonality))
	}
	if err := p.checkYear(year); err != nil {
		errs = append(errs, err)
	}
	if p.Mixer == nil {
		errs = append(errs, fmt.Errorf("%s: mixer is required", InfectionName))
	}
	if p.SeasonTable != nil {
		if err := p.checkTable(year); err != nil {
			errs = append(errs, err)
		}
		for k, v := range p.SeasonTable {
			if err := paramkit.NonNegative(fmt.Sprintf("%s: season_table[%d]", InfectionName, k), v); err != nil {
				errs = append(errs, err)
			}
		}
		if p.Seasonality != 0 {
			errs = append(errs, fmt.Errorf("%s: season_table requires seasonality = 0, got %v", InfectionName, p.Seasonality))
		}
	}
	if p.SeasonSpec != nil {
		errs = append(errs, p.checkSeasonSpec())
	}
	if err := checkAlpha(p.Alpha); err != nil {
		errs = append(errs, err)
	}
	if err := checkStorage(p.Storage, p.Tolerance); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// checkStorage checks a storage key's value and the tolerance that goes
// with "hierarchical".
func checkStorage(storage string, tolerance float64) error {
	switch storage {
	case StorageFloat64, StorageFloat32, StorageDense, StorageStreaming, StorageHierarchical:
	default:
		return fmt.Errorf("%s: storage must be %q, %q, %q, %q or %q, got %q", InfectionName,
			StorageFloat64, StorageFloat32, StorageDense, StorageStreaming, StorageHierarchical, storage)
	}
	switch {
	case tolerance != 0 && storage != StorageHierarchical:
		return fmt.Errorf("%s: tolerance is for storage %q (an approximation); storage %q is exact, got tolerance = %v", InfectionName, StorageHierarchical, storage, tolerance)
	case tolerance != 0 && !(tolerance >= mixing.MinHierarchicalTolerance && tolerance < 1):
		return fmt.Errorf("%s: tolerance must be in [%g, 1) (%g is the smallest float64 arithmetic reaches; 0 or absent: %g), got %v",
			InfectionName, mixing.MinHierarchicalTolerance, mixing.MinHierarchicalTolerance, mixing.DefaultHierarchicalTolerance, tolerance)
	}
	return nil
}

// checkAlpha checks the TSIR exponent's range.
func checkAlpha(alpha float64) error {
	if !(alpha > 0 && alpha <= 1) {
		return fmt.Errorf("%s: alpha must be in (0, 1], got %v", InfectionName, alpha)
	}
	return nil
}

// checkSeasonSpec checks the calendar season and that no other season key
// is set with it.
func (p InfectionParams) checkSeasonSpec() error {
	var errs []error
	if _, err := p.SeasonSpec.Calendar(InfectionName); err != nil {
		errs = append(errs, err)
	}
	if p.Seasonality != 0 {
		errs = append(errs, fmt.Errorf("%s: season and seasonality are exclusive: set seasonality = 0 with season, got %v",
			InfectionName, p.Seasonality))
	}
	if p.SeasonTable != nil {
		errs = append(errs, fmt.Errorf("%s: season and season_table are exclusive: set one", InfectionName))
	}
	if p.SeasonStart != 0 {
		errs = append(errs, fmt.Errorf("%s: season_start must be 0 with season (its phase is the calendar's), got %d",
			InfectionName, p.SeasonStart))
	}
	return errors.Join(errs...)
}

// checkYear checks season_start against a year of year ticks.
func (p InfectionParams) checkYear(year int) error {
	if p.SeasonStart < 0 || p.SeasonStart >= year {
		return fmt.Errorf("%s: season_start must be in 0…%d ticks, got %d", InfectionName, year-1, p.SeasonStart)
	}
	return nil
}

// checkTable checks the season table's length against a year of year ticks.
func (p InfectionParams) checkTable(year int) error {
	if len(p.SeasonTable) != year {
		return fmt.Errorf("%s: season_table has %d values, want %d", InfectionName, len(p.SeasonTable), year)
	}
	return nil
}

// BetaPerTick returns β_tick = Beta·365/Y for a model whose tick is stepDays
// days long, Y = [TicksPerYear](stepDays) (Beta·365/26 for the biweekly
// model).
func (p InfectionParams) BetaPerTick(stepDays int) float64 {
	return p.Beta * daysPerYear / float64(TicksPerYear(stepDays))
}

// Season returns the seasonal multiplier s(t) for tick t of a model whose
// tick is stepDays days long (period Y = [TicksPerYear](stepDays) ticks):
// the sinusoid or the season table. A calendar season (SeasonSpec) needs
// the model's dates: [Infection.Coefficient].
func (p InfectionParams) Season(t, stepDays int) float64 {
	year := TicksPerYear(stepDays)
	if p.SeasonTable != nil {
		k := ((t-p.SeasonStart)%year + year) % year
		return p.SeasonTable[k]
	}
	return 1 + p.Seasonality*math.Sin(2*math.Pi*float64(t-p.SeasonStart)/float64(year))
}

// infectionFields is InfectionParams without its methods: its fields and
// json tags, for encoding/json and params.DecodeStrict.
type infectionFields InfectionParams

var infectionKeys = params.KeyRules{
	Component: InfectionName,
	Rejected: map[string]string{
		"distance_exponent": "configure the mixer",
		"mixing_scale":      "configure the mixer",
		"amplitude":         `did you mean "seasonality"?`,
	},
}

// DecodeInfectionParams decodes a JSON object strictly over the defaults
// (SPEC §2.3) and validates the result. The mixer's spec is decoded by
// [mixing.DecodeMixer] (any registered mixer type); its errors read
// "InfectionProcess: mixer: …".
func DecodeInfectionParams(data []byte) (InfectionParams, error) {
	def := DefaultInfectionParams()
	w := struct {
		infectionFields
		Mixer json.RawMessage `json:"mixer"` // the spec, for mixing.DecodeMixer
	}{infectionFields: infectionFields(def)}
	if err := params.DecodeStrict(data, &w, infectionKeys); err != nil {
		return InfectionParams{}, err
	}
	p := InfectionParams(w.infectionFields)
	if m, err := paramkit.DecodeMixer(InfectionName, w.Mixer); err != nil {
		return InfectionParams{}, err
	} else if m != nil {
		p.Mixer = m
	}
	return p, p.Validate()
}

// MarshalJSON encodes the params with their json tags, the mixer as the
// spec it writes itself ([mixing.MarshalMixer]; a mixer that cannot is an
// error).
func (p InfectionParams) MarshalJSON() ([]byte, error) {
	w := infectionFields(p)
	if p.Mixer != nil {
		w.Mixer = mixing.Spec{Mixer: p.Mixer}
	}
	return paramkit.MarshalWithMixer(w)
}

// Infection is transmission with spatial mixing (SPEC §5.1): per tick,
// λ_j = β_tick·s(t)·(Σ_i I_i·M[i,j])^α / N_j (0 when N_j = 0),
// p_j = 1 − e^(−λ_j), ΔI_j ~ Binomial(S_j, p_j); then R += I, I = ΔI,
// S −= ΔI. s(t) is the sinusoid, the season table or the calendar season
// ([SeasonSpec]); α is the TSIR exponent (default 1, mass action).
//
// Declared compartments take part by their roles ([ecs.Roles]): those in
// the population are in N_j; a susceptible one X with susceptibility σ
// loses Binomial(X_j, 1 − e^(−σ·λ_j)) to I (drawn after S's, in state
// order), counted in the new I ([Infection.Incidence], [ecs.Flows]
// Infections).
//
// Where α sits (TSIR, Finkenstädt & Grenfell 2000: λ_t = β_t·S·I^α/N): the
// exponent applies to the mixed infectious count Σ_i I_i·M[i,j] only, with
// β_tick and s(t) outside it. Putting c = β_tick·s(t) inside the power
// would make the effective β depend on α (c^α), so a β fitted at one α
// would mean another transmission rate at another. With α = 1 the sources
// are loaded as x_i = c·I_i and λ_j = acc_j/N_j (today's arithmetic, bit for
// bit); with α ≠ 1 as x_i = I_i, and λ_j = c·acc_j^α/N_j ([PressureBlock]).
// Every force kernel below is linear in x, so all of them serve both.
//
// Force kernels (SPEC §7.5): with Parallel false, the reference kernel
// [Force] on the mixer's dense (or CSR) matrix. With Parallel true, a mixer
// with a factored form ([mixing.AsFactored]: gravity) is built and evaluated
// factored ([mixing.FactoredForce]: half the bytes of the dense matrix, SIMD
// tiles on every worker, within 1e−12 of the reference; when few patches
// are infectious, a source-major pass over their rows of D, kept in a row
// cache of at most N/8 rows while they stay infectious); any other mixer,
// or Storage "dense", keeps its matrix and the active-source kernel
// [ForceActive]. Storage "streaming" evaluates the factored form on the
// streaming operator ([mixing.OperatorForce] over [mixing.Streaming]: D
// computed every tick, nothing of size N² kept).
type Infection struct {
	p   InfectionParams
	mix *mixing.Matrix
	fac *mixing.Factored       // factored mixing (Parallel and a factored mixer), else nil
	ff  *mixing.FactoredForce  // fac's force evaluator (made by the first Step)
	opm *mixing.OperatorMatrix // mixing on a distance operator (Storage "streaming" or "hierarchical"), else nil
	// lambdaErr is the approximate operator's measured error (storage
	// "hierarchical"), else nil.
	lambdaErr *mixing.ErrorReport
	opf       *mixing.OperatorForce // opm's force evaluator (made by the first Step)
	blocks    phases.Blocks

	s, i, r  []int64
	roles    *ecs.RoleColumns // the world's declared compartments by role
	x        []float64        // c·I_i per source (α = 1), else I_i
	coef     float64          // β_tick·s(t) of the tick being run
	cal      *SeasonCalendar  // the calendar season's daily table, nil without season
	lambda   []float64        // force, then λ
	active   []int32          // sources with I_i > 0, increasing (optimised kernel only)
	ranges   int              // contiguous destination ranges for the parallel force
	parallel bool             // params.Parallel, read once at Initialize
	step     int              // the model's TimeStepDays, read once at Initialize
	m        phases.Model

	batch  *infectionBatch // the batched force of an ensemble's peers (StepBatch), built on first use
	faults faults          // per block: the patch whose force was not a number
	ids    []string

	incidence []int64 // per patch: the tick's new I ([Infection.Incidence])
}

// NewInfection returns a factory for Infection; nil params mean the defaults.
func NewInfection(p *InfectionParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultInfectionParams())
		if err != nil {
			return nil, err
		}
		return &Infection{p: q, m: m}, nil
	}
}

// Name returns "InfectionProcess".
func (c *Infection) Name() string { return InfectionName }

// Params returns the instance's params.
func (c *Infection) Params() InfectionParams { return c.p }

// checkSeason checks the season against the year of m (Validate checked it
// against the biweekly model's).
func (c *Infection) checkSeason(m phases.Model) error {
	year := TicksPerYear(m.TimeStepDays())
	if err := c.p.checkYear(year); err != nil {
		return err
	}
	if c.p.SeasonTable != nil {
		return c.p.checkTable(year)
	}
	return nil
}

// Initialize builds the mixing matrix from the scenario and sizes buffers.
// A model with an E compartment (the compartmental model) is an error: its
// transmission is [compartmental.Infection].
func (c *Infection) Initialize(m phases.Model) error {
	if m.World().E() != nil {
		return fmt.Errorf("%s: this is the biweekly model's S → I transmission; a model with an E compartment (the compartmental model) uses compartmental.Infection (run files: type = \"Infection\" with model = \"compartmental\")", InfectionName)
	}
	return c.initialize(m, c)
}

// initialize is Initialize for the component owner, whose streams the
// draws use (c itself, or the transmission whose [ForceOfInfection] wraps
// c: compartmental.Infection, abm.ABMInfection).
func (c *Infection) initialize(m phases.Model, owner phases.Component) error {
	err := c.buildKernel()
	if err != nil {
		return err
	}
	if err := c.checkSeason(m); err != nil {
		return err
	}
	if err := c.blocks.Init(m, owner); err != nil {
		return err
	}
	c.step = m.TimeStepDays()
	c.cal = nil
	if c.p.SeasonSpec != nil {
		if c.cal, err = c.p.SeasonSpec.Calendar(InfectionName); err != nil {
			return err
		}
	}
	w := m.World()
	n := w.Len()
	c.s, c.i, c.r = w.S(), w.I(), w.R()
	c.roles = w.Roles()
	c.x = make([]float64, n)
	c.lambda = make([]float64, n)
	c.active = make([]int32, 0, n)
	c.ranges = 1
	if n >= parallelForceMin {
		c.ranges = m.Workers()
	}
	c.parallel = m.Params().Parallel
	c.faults = make(faults, c.blocks.NumBlocks())
	c.ids = m.Scenario().ID
	c.incidence = make([]int64, n)
	if owner == phases.Component(c) {
		ecs.FlowsOf(w).Infections = c.incidence
	}
	return nil
}

// MixingMatrix returns the instance's mixing matrix (row = source), building
// it from the model's scenario on first use; nil if it cannot be built (the
// error is returned by Initialize). On the factored path (Parallel and a
// factored mixer: gravity or mixing.FromKernel) it is the factored matrix materialised dense on the first
// call, entries as [mixing.Factored.At] (8·N² bytes, kept; the force never
// needs it).
func (c *Infection) MixingMatrix() *mixing.Matrix {
	if c.buildKernel() != nil {
		return nil
	}
	switch {
	case c.mix != nil:
	case c.opm != nil:
		c.mix = c.opm.Matrix()
	default:
		c.mix = c.fac.Matrix()
	}
	return c.mix
}

// Factored returns the factored mixing matrix the force uses, or nil when
// the instance uses a [mixing.Matrix] (Parallel false or a mixer without a
// factored form) or it cannot be built.
func (c *Infection) Factored() *mixing.Factored {
	if c.buildKernel() != nil {
		return nil
	}
	return c.fac
}

// buildKernel builds the force's mixing once: factored when Parallel is set
// and the mixer has a factored form (on every worker; float32 storage when
// asked), else (or with Storage "dense") the mixer's matrix. Models that
// share builds (an ensemble's replicates, [phases.Model] Shared) build it
// once for all, when the mixer can be encoded as a key.
func (c *Infection) buildKernel() error {
	if c.mix != nil || c.fac != nil || c.opm != nil {
		return nil
	}
	key, shareable := c.kernelKey()
	if !shareable {
		k, err := c.newKernel()
		if err != nil {
			return err
		}
		c.mix, c.fac, c.opm, c.lambdaErr = k.mix, k.fac, k.opm, k.lambdaErr
		return nil
	}
	v, err := c.m.Shared(key, func() (any, error) { return c.newKernel() })
	if err != nil {
		return err
	}
	k := v.(*infectionKernel)
	c.mix, c.fac, c.opm, c.lambdaErr = k.mix, k.fac, k.opm, k.lambdaErr
	return nil
}

// infectionKernel is the built mixing of an Infection: one of mix, fac
// and opm.
type infectionKernel struct {
	mix *mixing.Matrix
	fac *mixing.Factored
	opm *mixing.OperatorMatrix
	// lambdaErr is the measured relative error of an approximate operator
	// (storage "hierarchical"), nil for the exact ones.
	lambdaErr *mixing.ErrorReport
}

// kernelKey returns the key of the instance's mixing build: the mixer's
// spec, the storage (with its tolerance) and the kernel choice (false when the mixer has no
// spec, e.g. a user mixer: then every model builds its own).
func (c *Infection) kernelKey() (string, bool) {
	spec, err := mixing.MarshalMixer(c.p.Mixer)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%s.kernel\x00%s\x00%v\x00%v\x00%s", InfectionName, c.p.Storage, c.p.Tolerance, c.m.Params().Parallel, spec), true
}

// newKernel builds the mixing (see buildKernel).
func (c *Infection) newKernel() (*infectionKernel, error) {
	fm, ok := mixing.AsFactored(c.p.Mixer)
	f32 := c.p.Storage == StorageFloat32
	if !ok || !c.m.Params().Parallel || c.p.Storage == StorageDense {
		if f32 || onOperator(c.p.Storage) {
			return nil, fmt.Errorf("%s: storage %q needs the default kernel (use_numba = true) and a factored mixer (gravity or a user distance kernel), got mixer %q",
				InfectionName, c.p.Storage, c.p.Mixer.Name())
		}
		mix, err := c.buildMixing()
		if err != nil {
			return nil, err
		}
		return &infectionKernel{mix: mix}, nil
	}
	if onOperator(c.p.Storage) {
		return c.newOperatorKernel()
	}
	fac, err := fm.Factored(c.m.Scenario(), mixing.FactoredOptions{Workers: c.m.Workers(), Float32: f32})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", InfectionName, err)
	}
	if err := c.checkSize(fac.N()); err != nil {
		return nil, err
	}
	return &infectionKernel{fac: fac}, nil
}

// onOperator reports whether storage evaluates the mixing on a distance
// operator ([mixing.DistanceOperator]) instead of stored D.
func onOperator(storage string) bool {
	return storage == StorageStreaming || storage == StorageHierarchical
}

// newOperatorKernel builds the mixing on the distance operator of the
// storage (onOperator): the exact streaming operator for "streaming", the
// hierarchical one for "hierarchical"; the force (mixing.OperatorForce) is
// the same for both. The default case guards the onOperator invariant: a
// storage it accepts without a case here is an internal error, not a
// user's.
func (c *Infection) newOperatorKernel() (*infectionKernel, error) {
	k := &infectionKernel{}
	var err error
	switch c.p.Storage {
	case StorageStreaming:
		k.opm, err = mixing.StreamingMatrix(c.p.Mixer, c.m.Scenario(), mixing.StreamingOptions{Workers: c.m.Workers()})
	case StorageHierarchical:
		k.opm, k.lambdaErr, err = c.hierarchical()
	default:
		err = fmt.Errorf("storage %q has no distance operator", c.p.Storage)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", InfectionName, err)
	}
	if err := c.checkSize(k.opm.N()); err != nil {
		return nil, err
	}
	return k, nil
}

// hierarchical builds the mixing on the hierarchical operator and returns
// the error it reports ([mixing.Hierarchical.Measure] with the
// populations as the sparse state's weights): the worst case over every
// state y ≥ 0 of 256 sampled rows, and up to N = 20 000 also all-ones,
// uniform and a sparse population-weighted state on every row against
// the exact sum (issue 27's check mode: about 3·N² kernel values at
// set-up).
func (c *Infection) hierarchical() (*mixing.OperatorMatrix, *mixing.ErrorReport, error) {
	scn := c.m.Scenario()
	opm, h, err := mixing.HierarchicalMatrix(c.p.Mixer, scn,
		mixing.HierarchicalOptions{Tolerance: c.p.Tolerance, Workers: c.m.Workers()})
	if err != nil {
		return nil, nil, err
	}
	pop := make([]float64, len(scn.Pop))
	for i, p := range scn.Pop {
		pop[i] = float64(p)
	}
	est, err := h.Measure(pop)
	if err != nil {
		return nil, nil, err
	}
	return opm, &est, nil
}

// buildMixing builds the mixing matrix. A mixer that reports how it built
// the matrix (a truncated mixer, SPEC §7.6) has its report logged.
func (c *Infection) buildMixing() (*mixing.Matrix, error) {
	var mix *mixing.Matrix
	var err error
	if r, ok := c.p.Mixer.(mixing.ReportingMixer); ok {
		var rep mixing.TruncationReport
		mix, rep, err = r.MixingReport(c.m.Scenario())
		if err == nil {
			c.m.Logger().Info("truncated mixing", "component", InfectionName, "report", rep.String())
		}
	} else {
		mix, err = c.p.Mixer.Mixing(c.m.Scenario())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", InfectionName, err)
	}
	if err := c.checkSize(mix.N()); err != nil {
		return nil, err
	}
	return mix, nil
}

// checkSize refuses a mixing matrix of n×n for a scenario of another size.
func (c *Infection) checkSize(n int) error {
	if want := c.m.World().Len(); n != want {
		return fmt.Errorf("%s: mixing matrix is %d×%d, scenario has %d patches", InfectionName, n, n, want)
	}
	return nil
}

// Step runs one tick of transmission.
func (c *Infection) Step(m phases.Model, tick int) error {
	c.force(m, tick)
	c.blocks.Run(m, c)
	return c.faults.first()
}

// force evaluates the accumulated force Σ_i x_i·M[i,j] of tick into
// c.lambda; the draws of a block take it through pressure (the α
// transform) and turn it into λ.
func (c *Infection) force(m phases.Model, tick int) {
	c.loadSources(tick)
	switch {
	case c.fac != nil: // Tiles is 0 when Load chose the source-major pass
		if c.ff == nil { // made on first use: an ensemble's replicates never need it
			c.ff = c.fac.NewForce()
		}
		c.ff.Load(c.x)
		m.ForBlocks(c.ff.Tiles(), (*forceTiles)(c.ff))
		m.ForBlocks(min(c.ranges, c.ff.Blocks()), (*combineRanges)(c))
	case c.opm != nil: // the operator runs its own workers
		if c.opf == nil {
			c.opf = c.opm.NewForce()
		}
		c.opf.Force(c.lambda, c.x)
	case c.parallel:
		m.ForBlocks(c.ranges, (*forceRanges)(c))
	default:
		Force(c.lambda, c.x, c.mix)
	}
}

// pressure finishes the force of patches [lo, hi) after force and returns
// it: β_tick·s(t)·(Σ_i I_i·M[i,j])^α,
// the numerator of λ_j (the draws divide by N_j: [InfectBlock]). With
// α ≠ 1 it applies [PressureBlock] in place, so call it once per patch per
// tick; with α = 1 the accumulated force is already that.
func (c *Infection) pressure(lo, hi int) []float64 {
	acc := c.lambda[lo:hi]
	if c.p.Alpha != 1 {
		PressureBlock(acc, c.coef, c.p.Alpha)
	}
	return acc
}

// Coefficient returns β_tick·s(tick) for the model's step and dates: the
// sinusoid or season table by tick, or the calendar season's mean over the
// tick's days (TickDate(tick) … + step − 1). Needs Initialize.
func (c *Infection) Coefficient(tick int) float64 {
	if c.cal != nil {
		return c.p.BetaPerTick(c.step) * c.cal.Mean(c.m.TickDate(tick), c.step)
	}
	return c.p.BetaPerTick(c.step) * c.p.Season(tick, c.step)
}

// loadSources sets c.coef = β_tick·s(tick) and x_i = c.coef·I_i (α = 1) or
// x_i = I_i (α ≠ 1) and, for the active-source kernel, the list of active
// sources.
func (c *Infection) loadSources(tick int) {
	coef := c.Coefficient(tick)
	c.coef = coef
	c.active = c.active[:0]
	listActive := c.parallel && c.fac == nil && c.opm == nil
	if c.p.Alpha != 1 {
		coef = 1 // the exponent applies to Σ I_i·M[i,j] alone; pressure multiplies by c.coef
	}
	for i, v := range c.i {
		c.x[i] = coef * float64(v)
		if v > 0 && listActive {
			c.active = append(c.active, int32(i))
		}
	}
}

// parallelForceMin is the number of patches from which the force is split
// across workers; below it the hand-off costs more than the work
// (BenchmarkTick: at N = 100 a split force is ≈ 10 % slower, at N = 1 000 it
// halves the force's share of the tick).
const parallelForceMin = 512
