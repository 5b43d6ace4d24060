package systems

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// SeedingName is the component name of [InfectionSeeding].
const SeedingName = "InfectionSeedingProcess"

// PerPatchCounts is the `infections_per_patch` value: one count for every
// target (JSON integer) or one count per target (JSON list).
type PerPatchCounts struct {
	All  int64   // used when List is nil
	List []int64 // one entry per target patch
}

// UnmarshalJSON accepts an integer or a list of integers.
func (c *PerPatchCounts) UnmarshalJSON(data []byte) error {
	var one int64
	if err := json.Unmarshal(data, &one); err == nil {
		*c = PerPatchCounts{All: one}
		return nil
	}
	var list []int64
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("infections_per_patch: expected an integer or a list of integers, got %s", data)
	}
	*c = PerPatchCounts{List: list}
	return nil
}

// MarshalJSON emits the integer or the list.
func (c PerPatchCounts) MarshalJSON() ([]byte, error) {
	if c.List != nil {
		return json.Marshal(c.List)
	}
	return json.Marshal(c.All)
}

// SeedingParams configures [InfectionSeeding] (SPEC §5.2).
type SeedingParams struct {
	// NumInfections is the number seeded per target when no per-patch count
	// is given, ≥ 1.
	NumInfections int64 `json:"num_infections" alias:"n_seeds,n_initial_infections" doc:"infections per target patch, ≥ 1"`
	// TargetPatches are scenario ids to seed; nil means the largest patch.
	TargetPatches []string `json:"target_patches" doc:"patch ids to seed (default: the largest patch); unknown or duplicate ids are errors"`
	// InfectionsPerPatch optionally overrides NumInfections per target.
	InfectionsPerPatch *PerPatchCounts `json:"infections_per_patch" doc:"an integer ≥ 1 for every target, or a list matching target_patches"`
	// UseLargestPatch seeds the patch with the largest scenario pop when
	// TargetPatches is nil (lowest index on ties).
	UseLargestPatch bool `json:"use_largest_patch" doc:"seed the largest patch when target_patches is empty; false without targets is an error"`
}

// DefaultSeedingParams returns one infection in the largest patch.
func DefaultSeedingParams() SeedingParams {
	return SeedingParams{NumInfections: 1, UseLargestPatch: true}
}

// Validate checks counts and targets (ids are checked against the scenario
// when the component is built).
func (p SeedingParams) Validate() error {
	var errs []error
	if p.NumInfections < 1 {
		errs = append(errs, fmt.Errorf("%s: num_infections must be >= 1, got %d", SeedingName, p.NumInfections))
	}
	seen := map[string]int{}
	for k, id := range p.TargetPatches {
		if strings.TrimSpace(id) == "" {
			errs = append(errs, fmt.Errorf("%s: target_patches[%d] is empty", SeedingName, k))
		}
		if prev, ok := seen[id]; ok {
			errs = append(errs, fmt.Errorf("%s: target_patches[%d] %q duplicates target_patches[%d]", SeedingName, k, id, prev))
		}
		seen[id] = k
	}
	if c := p.InfectionsPerPatch; c != nil {
		switch {
		case c.List == nil && c.All < 1:
			errs = append(errs, fmt.Errorf("%s: infections_per_patch must be >= 1, got %d", SeedingName, c.All))
		case c.List != nil && len(c.List) != len(p.TargetPatches):
			errs = append(errs, fmt.Errorf("%s: infections_per_patch has %d values for %d target_patches", SeedingName, len(c.List), len(p.TargetPatches)))
		}
		for k, v := range c.List {
			if v < 1 {
				errs = append(errs, fmt.Errorf("%s: infections_per_patch[%d] must be >= 1, got %d", SeedingName, k, v))
			}
		}
	}
	if p.TargetPatches == nil && !p.UseLargestPatch {
		errs = append(errs, fmt.Errorf("%s: target_patches must be given when use_largest_patch is false", SeedingName))
	}
	return errors.Join(errs...)
}

var seedingKeys = params.KeyRules{Component: SeedingName}

// DecodeSeedingParams decodes a JSON object strictly over the defaults.
func DecodeSeedingParams(data []byte) (SeedingParams, error) {
	return params.DecodeComponent(data, DefaultSeedingParams(), seedingKeys)
}

// InfectionSeeding moves susceptibles to I at initialisation, in the largest
// patch or in listed patches (SPEC §5.2); in an SEIR world it moves them to
// E (the reference compartmental model seeds exposures). It draws no random numbers and is
// not a phase.
type InfectionSeeding struct {
	p       SeedingParams
	targets []int         // patch indices
	counts  []int64       // requested per target
	expose  AgentExposure // the agent-based model's exposure; nil: patch models only
	done    bool
}

// NewInfectionSeeding returns a factory for the patch models; nil params
// mean the defaults. Unknown target ids are an error listing all of them.
func NewInfectionSeeding(p *SeedingParams) phases.Factory { return NewInfectionSeedingFor(p, nil) }

// NewInfectionSeedingFor returns a factory whose instances seed an agent
// world through expose (nil: they refuse one).
func NewInfectionSeedingFor(p *SeedingParams, expose AgentExposure) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultSeedingParams())
		if err != nil {
			return nil, err
		}
		c := &InfectionSeeding{p: q, expose: expose}
		if err := c.resolve(m); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// resolve turns the params into patch indices and counts.
func (c *InfectionSeeding) resolve(m phases.Model) error {
	scn := m.Scenario()
	if c.p.TargetPatches == nil {
		best := 0
		for j, p := range scn.Pop {
			if p > scn.Pop[best] {
				best = j
			}
		}
		c.targets = []int{best}
		c.counts = []int64{c.p.NumInfections}
		return nil
	}
	var unknown []string
	for k, id := range c.p.TargetPatches {
		j, ok := scn.Index(id)
		if !ok {
			unknown = append(unknown, id)
			continue
		}
		c.targets = append(c.targets, j)
		c.counts = append(c.counts, c.countFor(k))
	}
	if unknown != nil {
		return fmt.Errorf("%s: unknown target_patches %q", SeedingName, unknown)
	}
	return nil
}

// countFor returns the requested count of the k-th target.
func (c *InfectionSeeding) countFor(k int) int64 {
	switch pp := c.p.InfectionsPerPatch; {
	case pp == nil:
		return c.p.NumInfections
	case pp.List != nil:
		return pp.List[k]
	default:
		return pp.All
	}
}

// Name returns "InfectionSeedingProcess".
func (c *InfectionSeeding) Name() string { return SeedingName }

// Params returns the instance's params.
func (c *InfectionSeeding) Params() SeedingParams { return c.p }

// Initialize seeds min(requested, S) infections in every target.
func (c *InfectionSeeding) Initialize(m phases.Model) error {
	if c.done {
		return nil
	}
	w := m.World()
	s, to := w.S(), w.I()
	if e := w.E(); e != nil {
		to = e
	}
	seedAgents, err := c.agentSeeder(m)
	if err != nil {
		return err
	}
	verbose := m.Params().Verbose
	out := m.Stdout()
	if verbose {
		fmt.Fprintln(out, "Initializing infection seeding...")
	}
	ids := m.Scenario().ID
	for k, j := range c.targets {
		n := min(c.counts[k], s[j])
		if verbose {
			fmt.Fprintf(out, "Seeding %d infections in patch %d (%q)\n", n, j, ids[j])
			if n < c.counts[k] {
				fmt.Fprintf(out, "Warning: patch %q has only %d susceptibles; %d infections requested\n", ids[j], s[j], c.counts[k])
			}
		}
		if seedAgents != nil {
			seedAgents(j, n)
			continue
		}
		s[j] -= n
		to[j] += n
	}
	c.done = true
	return nil
}
