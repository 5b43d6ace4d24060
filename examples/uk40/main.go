// Command uk40 prepares the 40 largest cities of England and Wales
// (Dalziel et al. 2016's biweekly measles reports, 1944–1965, as spatPomp
// ships them: ../shared/data/uk40, not part of rubeola) for rubeola's fit
// and filters them once under the coupled model (docs/fit.md, "The 40
// cities"):
//
//	go run ./examples/uk40
//
// It writes data/cities.csv, data/cases.csv and data/demography.csv beside
// this file (convert: the reports on a 14-day grid) and prints the block
// particle filter's log-likelihood of forty.toml at 500 particles per city
// (about 10 s on 2 cores). Afterwards `rubeola fit examples/uk40/forty.toml`
// runs the fit file as any other.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"

	"github.com/rubeola/rubeola/fit"
)

func main() {
	_, self, _, _ := runtime.Caller(0)
	here := filepath.Dir(self)
	src := filepath.Join(here, "..", "..", "..", "shared", "data", "uk40")
	if err := run(os.Stdout, src, here, 500); err != nil {
		log.Fatal(err)
	}
}

// run converts src into dir/data and filters dir/forty.toml with j
// particles per city.
func run(out io.Writer, src, dir string, j int) error {
	missing, err := convert(src, filepath.Join(dir, "data"))
	if err != nil {
		return err
	}
	total, most := 0, 0
	for _, n := range missing {
		total += n
		most = max(most, n)
	}
	fmt.Fprintf(out, "wrote %s: %d cities; %d grid periods without a report (at most %d in a city)\n",
		filepath.Join(dir, "data"), len(missing), total, most)
	f, err := fit.LoadFile(filepath.Join(dir, "forty.toml"))
	if err != nil {
		return err
	}
	pf, err := fit.PFilter(context.Background(), f.Spec, f.Obs, fit.PFilterOptions{Particles: j, Filters: 1, Seed: 1})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "block particle filter, %d cities × %d particles, %d reports: log-likelihood %.1f (%.3g city-particle-days/s)\n",
		len(f.Obs.Places), j, len(pf.Dates), pf.LogLik, pf.ParticleDays)
	return nil
}
