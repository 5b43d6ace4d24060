package model

import (
	"fmt"
	"strings"
)

// What the memory refusal advises when the patches, not the ticks, make
// the run too large: the advice names what the run already uses and the
// next step from there.
const (
	// adviceMatrix is for an N × N mixing matrix (dense, factored or
	// float32 storage).
	adviceMatrix = `for this many patches use the Infection's storage = "streaming" (exact, O(N) memory, each distance computed every tick) ` +
		`or storage = "hierarchical" (about 10 kB per patch, its error measured and reported; docs/scale.md), or a truncated mixer (SPEC §7.6)`
	// adviceHierarchical is for a hierarchical operator that does not fit.
	adviceHierarchical = `the run already uses storage = "hierarchical" (about 10 kB per patch): the next step is storage = "streaming" ` +
		`(exact, O(N) memory, but every pair every tick: about 50 s per tick at 10⁵ patches on 2 cores), a truncated mixer (SPEC §7.6), or fewer patches (a coarser grid)`
	// advicePatches is for per-patch tables and state that do not fit.
	advicePatches = `the per-patch items grow with the patches%s: track groups instead of patches (aggregation_level >= 0), ` +
		`write fewer per-patch tables, or use fewer patches (a coarser grid)`
)

// scaleAdvice returns the advice for an estimate dominated (more than half)
// by what grows with the patches — the mixing built once, or the per-patch
// state, writers and their GC headroom — and false otherwise (the ticks
// dominate: the tracker advice applies).
func (e *MemoryError) scaleAdvice() (string, bool) {
	var mixing, patches float64
	hierarchical := false
	for _, it := range e.Estimate.Items {
		switch {
		case it.Shared:
			mixing += it.Storage.Bytes()
			hierarchical = hierarchical || hasPatchDim(it.Storage)
		case isPatchItem(it.Component):
			patches += it.Storage.Bytes()
		}
	}
	half := e.Estimate.Total() / 2
	switch {
	case mixing > half && hierarchical:
		return adviceHierarchical, true
	case mixing > half:
		return adviceMatrix, true
	case patches > half && hierarchical:
		return fmt.Sprintf(advicePatches, `, and the mixing is already hierarchical`), true
	case patches > half && mixing == 0:
		return fmt.Sprintf(advicePatches, `, and the mixing already keeps nothing of size N × N (storage = "streaming", a truncated mixer or none)`), true
	case patches > half:
		return fmt.Sprintf(advicePatches, ""), true
	}
	return "", false
}

// isPatchItem reports whether the item named component is one of
// patchItems'.
func isPatchItem(component string) bool {
	return component == patchStateItem || component == patchWritersItem || strings.HasPrefix(component, gcHeadroomItem)
}
