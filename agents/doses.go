package agents

import "github.com/rubeola/rubeola/ecs"

// Dose kinds, the rows of [Doses].
const (
	DoseMCV1     = iota // routine first dose
	DoseMCV2            // routine second dose
	DoseSIA             // supplementary campaign dose
	NumDoseKinds        // the number of kinds
)

// DoseNames are the kinds' names, in kind order (the doses tracker's
// states).
var DoseNames = [NumDoseKinds]string{"MCV1", "MCV2", "SIA"}

// Doses are the vaccine doses given since the start of the run, per kind
// and patch: every dose given to a child a programme reaches (Given,
// whatever the child's state, as real programmes count them) and the
// doses that immunised a susceptible (Immunised, S → R). The immunisation
// phases add to them; the doses tracker reads them. It is a world
// resource ([DosesOf]), saved in the model's snapshots (the JSON's
// "doses") and restored before the phases attach.
type Doses struct {
	// Given is the cumulative number of doses per kind and patch.
	Given [NumDoseKinds][]int64
	// Immunised is the cumulative number of doses per kind and patch that
	// moved a susceptible to R.
	Immunised [NumDoseKinds][]int64
}

// DosesOf returns the world's Doses, adding zeroed columns of one entry
// per patch on first use.
func DosesOf(w *ecs.World) *Doses {
	if d := ecs.GetResource[Doses](w); d != nil {
		return d
	}
	d := &Doses{}
	for k := range NumDoseKinds {
		d.Given[k] = make([]int64, w.Len())
		d.Immunised[k] = make([]int64, w.Len())
	}
	ecs.AddResource(w, d)
	return d
}

// Record counts one dose of kind in patch j, immunising or not.
func (d *Doses) Record(kind int, j uint32, immunised bool) {
	d.Given[kind][j]++
	if immunised {
		d.Immunised[kind][j]++
	}
}
