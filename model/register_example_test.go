package model_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// FadeParams configures Fade. The json tag is the run-file key; the alias
// and doc tags declare its other spellings and its meaning, once.
type FadeParams struct {
	Share float64 `json:"share" alias:"fade_share" doc:"share of R moved back to S every tick, in [0, 1]"`
}

// DefaultFadeParams returns a share of 0.1.
func DefaultFadeParams() FadeParams { return FadeParams{Share: 0.1} }

// Validate checks that the share is in [0, 1].
func (p FadeParams) Validate() error {
	if !(p.Share >= 0 && p.Share <= 1) {
		return fmt.Errorf("share must be in [0, 1], got %v", p.Share)
	}
	return nil
}

// Fade moves trunc(share·R) people R → S in every patch, every tick.
type Fade struct{ p FadeParams }

// NewFade returns a factory; nil params mean the defaults.
func NewFade(p *FadeParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultFadeParams())
		if err != nil {
			return nil, err
		}
		return &Fade{p: q}, nil
	}
}

// Name returns "FadeProcess".
func (*Fade) Name() string { return "FadeProcess" }

// Params returns the instance's params (stored in snapshots).
func (c *Fade) Params() FadeParams { return c.p }

// Step moves the share of R back to S.
func (c *Fade) Step(m phases.Model, _ int) error {
	s, r := m.World().S(), m.World().R()
	for j := range r {
		w := int64(float64(r[j]) * c.p.Share)
		r[j] -= w
		s[j] += w
	}
	return nil
}

// Registering Fade once, before run files are read, makes it a component
// type like the built-ins: `type = "Fade"` (or "FadeProcess", "fade") in a
// run file, `rubeola validate`, `rubeola components` and snapshots.
func init() {
	model.MustRegister(model.NewComponentType(model.ComponentSpec[*Fade, FadeParams]{
		Name: "FadeProcess", Kind: model.KindPhase, Summary: "Moves a share of R back to S every tick.",
		Defaults: DefaultFadeParams, New: NewFade, // strict decoding, the alias tag and Params() by default
	}))
}

func ExampleRegister() {
	t, _ := model.LookupComponentType("fade")
	fmt.Println(t.GoName, t.Name, t.Snake, t.Package, t.Kind)
	for _, k := range t.Keys {
		fmt.Printf("%s %v: %s\n", k.Key, k.Aliases, k.Doc)
	}

	for _, entry := range []string{"shares = 0.5", "share = 2"} {
		_, err := runfile.Decode(strings.NewReader("[[phases]]\ntype = \"Fade\"\n"+entry+"\n"), "run.toml", "")
		fmt.Println(err)
	}

	rf, err := runfile.Decode(strings.NewReader(`
[params]
num_ticks = 1
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"
[[phases]]
type = "fade"
fade_share = 0.5
`), "run.toml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	scn, _ := scenario.FromColumns([]string{"town"}, []int64{1000}, []float64{0}, []float64{0}, []float64{0})
	m, _ := model.NewBiweekly(scn, rf.Params, model.WithStdout(io.Discard))
	if err := m.SetComponents(rf.Components...); err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("S", m.World().S()[0], "R", m.World().R()[0])
	// Output:
	// Fade FadeProcess fade model_test phase
	// share [fade_share]: share of R moved back to S every tick, in [0, 1]
	// run.toml: phases[1].shares: unknown key (did you mean "share"?)
	// run.toml: phases[1] (Fade): share must be in [0, 1], got 2
	// S 562 R 438
}
