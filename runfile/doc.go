// Package runfile reads run files (SPEC §11): a TOML file that describes a
// model variant without Go code, its model type, scenario (a CSV path or a
// synthetic builder), params, registered compartments, ordered component
// list ([[phases]]), output format and ensemble.
//
//	rf, err := runfile.Load("run.toml")
//	if err != nil {
//		return err // every problem, one per line, each naming the file and TOML path
//	}
//	m, _ := model.New(rf.Scenario, rf.Params, model.WithType(rf.Model),
//		model.WithCompartments(rf.Compartments...))
//	_ = m.SetComponents(rf.Components...)
//
// [Load] and [Decode] read a file; [DecodeDoc] decodes a document that is
// already parsed (a sweep's variant of its base file); [Keys] lists the
// top-level keys. Component types are looked up in package model's
// catalogue ([model.LookupComponentTypeFor]), so a component a program
// registers ([model.Register]) is accepted like a built-in; compartments
// likewise ([model.RegisterCompartment]). Package model does not import
// this package.
package runfile
