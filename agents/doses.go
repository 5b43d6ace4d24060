package agents

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/ecs"
)

// Built-in dose kinds, the first rows of [Doses]; kinds a program
// registers ([RegisterDoseKind]) follow.
const (
	DoseMCV1            = iota // routine first dose
	DoseMCV2                   // routine second dose
	DoseSIA                    // supplementary campaign dose
	NumBuiltinDoseKinds        // the number of built-in kinds
)

// doseSuffix ends the doses tracker's state of the doses of a kind that
// immunised ("MCV1_immunised"): no kind's name may end with it.
const doseSuffix = "_immunised"

// doseKinds are the dose kinds' names, in kind order.
var doseKinds = &nameRegistry{what: "dose kind", names: []string{"MCV1", "MCV2", "SIA"}, builtins: NumBuiltinDoseKinds, max: 64}

// RegisterDoseKind makes a dose kind of the agent-based model known by
// name (e.g. "catchup") and returns its kind, the row of [Doses] a phase
// records its doses in ([Doses.Record], or the vaccinate helper of
// systems/abm). The doses tracker (metrics.DosesTracker) then reports it
// as the states name and name+"_immunised", and the model's snapshots save
// and restore it by name. A name is a letter then up to 31 letters, digits,
// '_' or '-', not ending in "_immunised", and no other kind's name (case
// ignored). Register before building any model (in main or a package
// init, beside model.MustRegister): a world's doses have a row for each
// kind registered when they were first used.
func RegisterDoseKind(name string) (int, error) {
	if strings.HasSuffix(strings.ToLower(name), doseSuffix) {
		return 0, fmt.Errorf("agents: dose kind %q must not end in %q (the doses tracker's states of immunising doses do)", name, doseSuffix)
	}
	return doseKinds.add(name)
}

// MustRegisterDoseKind is [RegisterDoseKind] that panics on error, for
// package-level registration.
func MustRegisterDoseKind(name string) int {
	k, err := RegisterDoseKind(name)
	if err != nil {
		panic(err)
	}
	return k
}

// DoseKinds returns the dose kinds' names in kind order: "MCV1", "MCV2",
// "SIA", then the registered kinds in registration order.
func DoseKinds() []string { return doseKinds.list() }

// Doses are the vaccine doses given since the start of the run, per kind
// and patch: every dose given to a child a programme reaches (Given,
// whatever the child's state, as real programmes count them) and the
// doses that immunised a susceptible (Immunised, S → R). The immunisation
// phases add to them; the doses tracker reads them. It is a world
// resource ([DosesOf]), saved in the model's snapshots (the JSON's
// "doses", by kind name) and restored before the phases attach.
type Doses struct {
	// Given is the cumulative number of doses per kind ([DoseKinds]
	// order) and patch.
	Given [][]int64
	// Immunised is the cumulative number of doses per kind and patch that
	// moved a susceptible to R.
	Immunised [][]int64
}

// DosesOf returns the world's Doses, adding zeroed columns of one entry
// per patch and kind on first use (and for kinds registered since).
func DosesOf(w *ecs.World) *Doses {
	d := ecs.GetResource[Doses](w)
	if d == nil {
		d = &Doses{}
		ecs.AddResource(w, d)
	}
	for range len(DoseKinds()) - len(d.Given) {
		d.Given = append(d.Given, make([]int64, w.Len()))
		d.Immunised = append(d.Immunised, make([]int64, w.Len()))
	}
	return d
}

// Record counts one dose of kind in patch j, immunising or not.
func (d *Doses) Record(kind int, j uint32, immunised bool) {
	d.Given[kind][j]++
	if immunised {
		d.Immunised[kind][j]++
	}
}
