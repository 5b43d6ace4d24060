package model

import "strings"

// writeLifecycleDocs writes what a component of one's own may do when:
// what its factory sees, what Initialize may do, and that validate reaches
// both (the phases package documents the same on Factory and Initializer).
func writeLifecycleDocs(b *strings.Builder) {
	b.WriteString(`
## Writing a component: factory, Initialize, validate

A component of your own (` + "`model.Register`" + `, see ` + "`examples/sirs`" + ` and ` + "`examples/mybinary`" + `) is built and initialised in two steps,
and ` + "`rubeola validate`" + ` runs both, as ` + "`rubeola run`" + ` does before its first tick, without ticking: an error in either
is reported by ` + "`validate`" + ` with exit code 2, never first by the run.

1. **The factory** (` + "`phases.Factory`" + `) runs when the component list is set, once per entry, in list order. It sees the
   model's name, scenario (validated, the model's own copy), params, time step and dates, workers, writers and
   ` + "`Shared`" + `; the world with its patches and every declared compartment (S = pop, the others 0: no initialiser has run
   yet); and through ` + "`Instances`" + ` and ` + "`GetInstance`" + ` only the instances **before** its own. It validates its params
   against the scenario (ids, sizes) and returns the instance. It draws no random numbers (the instance has no
   streams until it is added), relies on no counts, and has no side effects: it may run more than once for one list
   (once per ensemble replicate, again when a snapshot is loaded, for a sweep's check and for the point's run).
2. **Initialize** (` + "`phases.Initializer`" + `) runs after every factory, in list order, when the model is run or validated.
   It sees every instance (later ones not yet initialised; by name with ` + "`GetInstance`" + `, by type with
   ` + "`model.InstancesOf[*systems.VitalDynamics](m)`" + `) and the counts earlier initialisers set. It fetches column
   views, derives its streams, sizes buffers, builds matrices (immutable ones through ` + "`Shared`" + `, which an ensemble's
   replicates then share), checks what it needs (a declared compartment, an earlier phase) and may set counts; it must
   not depend on the tick being 0. After a component of your own initialises, the model checks every count is in
   [0, 2^53]. Without ` + "`phases.Snapshotter`" + ` it also runs when a snapshot is loaded, before the saved counts replace the
   world's.

Put a check that needs only the params and the scenario in the factory (its error names the run file entry), and one
that needs other instances or the initialised world in Initialize (its error reads ` + "`initialize <Name>: …`" + `).
`)
}
