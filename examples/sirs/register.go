package main

import "github.com/rubeola/rubeola/model"

// immunityLossType is ImmunityLoss's entry in the component catalogue.
var immunityLossType = model.NewComponentType(model.ComponentSpec[*ImmunityLoss, ImmunityLossParams]{
	Name: ImmunityLossName, Kind: model.KindPhase,
	Summary:  "Immunity wanes in two steps: Binomial(R, to_waning) people go R → W and Binomial(W, to_susceptible) go W → S per tick and patch.",
	Defaults: DefaultImmunityLossParams, New: NewImmunityLoss, // strict decoding and the Params method by default
})

// register makes W and ImmunityLoss known by name, so that run files can
// declare them (run.toml: `compartments = ["W"]`, `type = "ImmunityLoss"`)
// and `resume` rebuilds them from a snapshot without Go code: what a
// user's own binary does before cli.Main (see examples/mybinary).
func register() {
	model.MustRegisterCompartment(WaningCompartment)
	model.MustRegister(immunityLossType)
}
