package cli

import (
	"github.com/rubeola/rubeola/model"
)

// buildEnsemble builds an ensemble of R replicates of the inputs' scenario
// and component list, checking that it has the StateTracker the outputs
// need.
func buildEnsemble(in *inputs, R int, opts ...model.Option) (*model.Ensemble, error) {
	e, err := model.NewEnsemble(in.scenario, in.params, R, in.modelOptions(opts)...)
	if err != nil {
		return nil, err
	}
	if err := e.SetComponents(componentList(in)...); err != nil {
		return nil, err
	}
	if err := requireStateTracker(e.Replicate(0)); err != nil {
		return nil, err
	}
	return e, nil
}
