package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/scenario"
)

// metric is one compared outcome.
type metric struct {
	name string
	get  func(*outcome) float64
}

// metrics are the compared outcomes, in report order.
var metrics = []metric{
	{"final size (total infections)", func(o *outcome) float64 { return o.Infections }},
	{"share of patches that faded out at least once", func(o *outcome) float64 { return o.FadedOnce }},
	{"share of patches with I = 0 at the end", func(o *outcome) float64 { return o.FadedAtEnd }},
}

// values returns m of every outcome.
func (m metric) values(os []*outcome) []float64 {
	v := make([]float64, len(os))
	for k, o := range os {
		v[k] = m.get(o)
	}
	return v
}

// report writes the Markdown table: per metric, each arm's mean ± its
// standard error, z and its p-value, the KS statistic and its p-value;
// with a paired arm, how many replicates match the exact ones exactly.
func (r result) report(w io.Writer, opt options, scn *scenario.Table) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "N = %d clustered patches (scenario synthetic --seed %d), %d replicates per arm, %d ticks; %s: %.2f s, %s: %.2f s\n\n",
		scn.Len(), opt.scenarioSeed, opt.replicates, opt.ticks, r.arms[0].name, r.seconds[0], r.arms[1].name, r.seconds[1])
	fmt.Fprintf(&b, "| outcome | %s | %s | z | p (z) | KS D | p (KS) |\n|---|---|---|---|---|---|---|\n", r.arms[0].name, r.arms[1].name)
	for _, m := range metrics {
		c := compare(m.values(r.outcomes[0]), m.values(r.outcomes[1]))
		fmt.Fprintf(&b, "| %s | %s | %s | %+.2f | %.2f | %.3f | %.2f |\n", m.name,
			meanPM(c.MeanA, c.SEA), meanPM(c.MeanB, c.SEB), c.Z, c.PZ, c.KS, c.PKS)
	}
	if len(r.outcomes) > 2 {
		fmt.Fprintf(&b, "\nSame seeds (%s against %s):\n\n", r.arms[2].name, r.arms[0].name)
		for _, m := range metrics {
			a, p := m.values(r.outcomes[0]), m.values(r.outcomes[2])
			same, diff := 0, make([]float64, len(a))
			for k := range a {
				if a[k] == p[k] {
					same++
				}
				diff[k] = p[k] - a[k]
			}
			mean, se := meanSE(diff)
			fmt.Fprintf(&b, "* %s: identical in %d of %d replicates; paired difference %s\n", m.name, same, len(a), meanPM(mean, se))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// meanPM formats mean ± se: the mean to six significant digits, its
// standard error to two.
func meanPM(mean, se float64) string {
	return strconv.FormatFloat(mean, 'g', 6, 64) + " ± " + strconv.FormatFloat(se, 'g', 2, 64)
}

// writeCSV writes one row per arm and replicate: arm, seed, and the
// metrics. The file is written whole or not at all
// ([atomicfile.WriteBytes]).
func (r result) writeCSV(path string) error {
	var b bytes.Buffer
	b.WriteString("arm,seed,infections,faded_once_share,faded_at_end_share\n")
	for k, a := range r.arms {
		for rep, o := range r.outcomes[k] {
			fmt.Fprintf(&b, "%q,%d,%s,%s,%s\n", a.name, a.seed+uint64(rep),
				strconv.FormatFloat(o.Infections, 'f', -1, 64), strconv.FormatFloat(o.FadedOnce, 'g', -1, 64),
				strconv.FormatFloat(o.FadedAtEnd, 'g', -1, 64))
		}
	}
	return atomicfile.WriteBytes(path, 0o644, b.Bytes())
}
