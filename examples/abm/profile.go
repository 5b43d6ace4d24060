package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/rubeola/rubeola/metrics"
)

// profile is one group's immunity profile at one sample: the live agents
// per age band (rows, as bands) and class (columns, as
// metrics.ImmunityClasses: S, E_I, infection, mcv1, mcv2, sia, maternal,
// R_other).
type profile [][]int64

// classIndex returns the column of class name in a profile's rows.
func classIndex(name string) int {
	for c, n := range metrics.ImmunityClasses {
		if n == name {
			return c
		}
	}
	panic("examples/abm: no immunity class " + name)
}

// share returns the share of band b's agents in class name (0 for an
// empty band).
func (p profile) share(b int, name string) float64 {
	var n int64
	for _, c := range p[b] {
		n += c
	}
	if n == 0 {
		return 0
	}
	return float64(p[b][classIndex(name)]) / float64(n)
}

// readProfiles returns the immunity profile of every group at tick, read
// from the tracker's records: states "class/a-b", class-major, with the
// bins in the order of the tracker's age_bins.
func readProfiles(tr *metrics.ImmunityByAgeTracker, tick int) (map[string]profile, error) {
	band := map[string]int{} // bin label "a-b" → band
	for _, s := range tr.States() {
		if label, ok := strings.CutPrefix(s, metrics.ImmunityClasses[0]+"/"); ok {
			band[label] = len(band)
		}
	}
	if len(band) != len(bands) {
		return nil, fmt.Errorf("the tracker has %d age bins, the program %d bands", len(band), len(bands))
	}
	out := map[string]profile{}
	found := false
	for b := range tr.Blocks {
		if b.Tick != tick {
			continue
		}
		found = true
		class, label, _ := strings.Cut(b.State, "/")
		for k, id := range b.IDs {
			if out[id] == nil {
				out[id] = make(profile, len(bands))
				for i := range out[id] {
					out[id][i] = make([]int64, len(metrics.ImmunityClasses))
				}
			}
			out[id][band[label]][classIndex(class)] += b.Counts[k]
		}
	}
	if !found {
		return nil, fmt.Errorf("%s has no sample at tick %d (samples: %v)", tr.Name(), tick, tr.Ticks())
	}
	return out, nil
}

// printProfile writes one row per age band: its agents and the share of
// each class in percent.
func printProfile(out io.Writer, p profile) {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(w, "age\tagents\t")
	for _, c := range metrics.ImmunityClasses {
		fmt.Fprintf(w, "%s\t", c)
	}
	fmt.Fprintln(w)
	for b, row := range p {
		var n int64
		for _, c := range row {
			n += c
		}
		fmt.Fprintf(w, "%s\t%d\t", bands[b].name, n)
		for _, c := range metrics.ImmunityClasses {
			fmt.Fprintf(w, "%.1f\t", 100*p.share(b, c))
		}
		fmt.Fprintln(w)
	}
	w.Flush()
}
