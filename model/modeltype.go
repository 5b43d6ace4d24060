package model

import (
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Model types: the value of a run file's `model` key, of `rubeola run
// --model` and of [WithType].
const (
	// TypeBiweekly is the biweekly SIR model (SPEC §5): 14-day ticks,
	// states S, I and R.
	TypeBiweekly = "biweekly"
	// TypeCompartmental is the compartmental SEIR model (the reference's
	// compartmental package): daily ticks, states S, E, I and R.
	TypeCompartmental = "compartmental"
	// TypeABM is the agent-based model (the reference's ABMModel): daily
	// ticks, states S, E, I and R, one agent per person (package agents).
	TypeABM = "abm"
)

// modelType is what distinguishes the model types on the one engine.
type modelType struct {
	name      string // TypeBiweekly, TypeCompartmental or TypeABM
	reference string // the reference's class name, the summary's model_type
	stepDays  int    // tick length in days
	seir      bool   // the world stores E (S, E, I, R)
	agents    bool   // people are agents (an agents.Table on the world)
}

var (
	biweeklyType      = &modelType{name: TypeBiweekly, reference: "BiweeklyModel", stepDays: params.StepDays}
	compartmentalType = &modelType{name: TypeCompartmental, reference: "CompartmentalModel",
		stepDays: params.CompartmentalStepDays, seir: true}
	abmType = &modelType{name: TypeABM, reference: "ABMModel", stepDays: params.CompartmentalStepDays, seir: true, agents: true}
)

// modelTypes are the model types by name, in documentation order.
var modelTypes = []*modelType{biweeklyType, compartmentalType, abmType}

// ModelTypes returns the names of the model types: "biweekly",
// "compartmental" and "abm".
func ModelTypes() []string {
	names := make([]string, len(modelTypes))
	for k, t := range modelTypes {
		names[k] = t.name
	}
	return names
}

// lookupModelType returns the model type named name, or an error listing
// the known ones.
func lookupModelType(name string) (*modelType, error) {
	for _, t := range modelTypes {
		if t.name == name {
			return t, nil
		}
	}
	return nil, fmt.Errorf("unknown model type %q (want %q, %q or %q)", name, TypeBiweekly, TypeCompartmental, TypeABM)
}

// CheckType returns nil when name is a model type ("biweekly",
// "compartmental" or "abm"), else an error listing the known ones (a run
// file's model key is checked with it).
func CheckType(name string) error {
	_, err := lookupModelType(name)
	return err
}

// WithType sets the model type of [New] and [NewEnsemble]:
// [TypeBiweekly] (the default, as in run files), [TypeCompartmental] or
// [TypeABM]. [NewBiweekly], [NewCompartmental] and [NewABM] build their
// own type (WithType
// naming the other is an error). Snapshots record the type, and loading one
// restores it. Another name is an error.
func WithType(name string) Option {
	return func(c *config) error {
		t, err := lookupModelType(name)
		if err != nil {
			return fmt.Errorf("model: WithType: %w", err)
		}
		c.mtype, c.typeSet = t, true
		return nil
	}
}

// NewCompartmental validates params and scenario, deep-copies the scenario
// and creates one patch entity per row (S = pop, E = I = R = 0) of a
// compartmental model, a [Model] of type "compartmental" (the reference's
// CompartmentalModel; default name "compartmental"): one tick is one day,
// the states are S, E, I and R, and its built-in components are
// [DefaultCompartmentalComponents]. [Model.Expose] moves S → E,
// [Model.Infect] E → I and [Model.Recover] I → R, as the reference's
// expose, infect and recover. No components are
// added. It takes the options of [NewBiweekly]; WithType naming another
// model type is an error.
func NewCompartmental(scn *scenario.Table, p params.CompartmentalParams, opts ...Option) (*Model, error) {
	return newOfType(TypeCompartmental, "NewCompartmental", scn, p.BiweeklyParams, opts)
}

// NewABM validates params and scenario, deep-copies the scenario and
// creates the patch entities of an agent-based model, a [Model] of type
// "abm" (the reference's ABMModel; default name "abm"): one tick is one
// day, the states are S, E, I and R, and every person is an agent, a row of
// an [agents.Table] stored on the world ([agents.Of]) when the model
// initialises, one agent per person of each patch's pop, all susceptible,
// patch 0's first. The patch world's S, E, I and R columns are the agents'
// counts. Its built-in components are [DefaultABMComponents]; the
// components that move people are its own (registered for model type
// "abm"). The agents are created when the model initialises (after the memory
// check, which counts them). No components are added. It takes the options
// of [NewBiweekly]; WithType naming another model type is an error.
func NewABM(scn *scenario.Table, p params.CompartmentalParams, opts ...Option) (*Model, error) {
	return newOfType(TypeABM, "NewABM", scn, p.BiweeklyParams, opts)
}

// Type returns the model's type: "biweekly", "compartmental" or "abm".
func (m *Model) Type() string { return m.cfg.mtype.name }

// ModelType returns the reference's class name of the model's type,
// "BiweeklyModel", "CompartmentalModel" or "ABMModel" (the results summary's
// model_type).
func (m *Model) ModelType() string { return m.cfg.mtype.reference }
