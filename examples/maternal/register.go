package main

import "github.com/rubeola/rubeola/model"

// maternalWaningType is MaternalWaning's entry in the component catalogue.
var maternalWaningType = model.NewComponentType(model.ComponentSpec[*MaternalWaning, MaternalWaningParams]{
	Name: MaternalWaningName, Kind: model.KindPhase,
	Summary:  "Maternal immunity wanes: Binomial(M, 1 − e^(−step/duration_days)) people go M → S per tick and patch.",
	Defaults: DefaultMaternalWaningParams, New: NewMaternalWaning,
})

// register makes M (with its roles) and MaternalWaning known by name, so
// that run.toml declares them (`compartments = ["M"]`, `type =
// "MaternalWaning"`) and `resume` rebuilds them from a snapshot.
func register() {
	model.MustRegisterCompartment(MaternalCompartment)
	model.MustRegister(maternalWaningType)
}
