package fit

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/rng"
)

// Names of the measurement models accepted by [MeasurementByName].
const (
	// MeasurementHe2010 names [He2010Measurement], He, Ionides & King's
	// discretised normal (pomp's he10 model).
	MeasurementHe2010 = "he2010"
	// MeasurementBinomial names [BinomialMeasurement], Binomial(C, ρ) reports:
	// rubeola's CaseSurveillanceTracker with reporting = "binomial".
	MeasurementBinomial = "binomial"
	// MeasurementNegativeBinomial names [NegativeBinomialMeasurement], the
	// overdispersed reports of rubeola's CaseSurveillanceTracker with
	// reporting = "negative_binomial".
	MeasurementNegativeBinomial = "negative_binomial"
)

// Measurement is an observation model: the density of a reported count y given
// the true count c (cases in the period) and its per-unit parameters.
//
// Implementations are stateless, safe for concurrent use and allocation-free
// (they run once per particle per observation). A missing observation
// ([Missing]) has no density: callers skip it (an NA report carries no
// information); every y < 0 has density 0 (−Inf).
type Measurement interface {
	// Name returns the model's name: "he2010", "binomial" or
	// "negative_binomial".
	Name() string
	// LogDensity returns log P(Y = y | C = c) for parameters rho (reporting
	// probability in [0, 1]) and psi (overdispersion ≥ 0, ignored by
	// binomial). The true count c must be ≥ 0.
	LogDensity(y, c int64, rho, psi float64) float64
	// Sample draws a report for true count c from src.
	Sample(src *rng.Source, c int64, rho, psi float64) int64
}

// measurementModels lists the models in the order error messages name them.
var measurementModels = [...]Measurement{
	He2010Measurement{},
	BinomialMeasurement{},
	NegativeBinomialMeasurement{},
}

// MeasurementNames returns the names accepted by [MeasurementByName].
func MeasurementNames() []string {
	names := make([]string, len(measurementModels))
	for i, m := range measurementModels {
		names[i] = m.Name()
	}
	return names
}

// MeasurementByName returns the measurement model called name
// ([MeasurementHe2010], [MeasurementBinomial] or
// [MeasurementNegativeBinomial]); an unknown name is an error listing the
// known ones.
func MeasurementByName(name string) (Measurement, error) {
	for _, m := range measurementModels {
		if m.Name() == name {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown measurement model %q: known models are %s",
		name, `"`+strings.Join(MeasurementNames(), `", "`)+`"`)
}
