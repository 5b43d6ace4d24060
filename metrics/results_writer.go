package metrics

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// ResultsWriterName is the component name of [ResultsWriter].
const ResultsWriterName = "ResultsWriter"

// ResultsWriterParams configures a [ResultsWriter] (SPEC §8.7).
type ResultsWriterParams struct {
	// Path is the results file, relative to the working directory unless
	// absolute.
	Path string `json:"path" alias:"output_file,output_path" doc:"output file, relative to the working directory"`
}

// DefaultResultsWriterParams returns path "results.json".
func DefaultResultsWriterParams() ResultsWriterParams {
	return ResultsWriterParams{Path: "results.json"}
}

// Validate checks that the path is not blank.
func (p ResultsWriterParams) Validate() error {
	if strings.TrimSpace(p.Path) == "" {
		return fmt.Errorf("%s: path must not be empty", ResultsWriterName)
	}
	return nil
}

var resultsWriterKeys = params.KeyRules{Component: ResultsWriterName}

// DecodeResultsWriterParams decodes a JSON object strictly over the
// defaults.
func DecodeResultsWriterParams(data []byte) (ResultsWriterParams, error) {
	return params.DecodeComponent(data, DefaultResultsWriterParams(), resultsWriterKeys)
}

// ResultsWriter writes the JSON results summary ([Results]) of the most
// granular StateTracker ([MostGranular]) when the run is finalized. It is a
// component, not a phase.
type ResultsWriter struct {
	p ResultsWriterParams
}

// NewResultsWriter returns a factory; nil params mean the defaults. Building
// fails unless a StateTracker instance precedes the writer in the model.
func NewResultsWriter(p *ResultsWriterParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultResultsWriterParams())
		if err != nil {
			return nil, err
		}
		if len(stateTrackers(m)) == 0 {
			return nil, fmt.Errorf("%s requires a %s added before it", ResultsWriterName, StateTrackerName)
		}
		return &ResultsWriter{p: q}, nil
	}
}

// Name returns "ResultsWriter".
func (c *ResultsWriter) Name() string { return ResultsWriterName }

// Params returns the instance's params.
func (c *ResultsWriter) Params() ResultsWriterParams { return c.p }

// Path returns the results file path.
func (c *ResultsWriter) Path() string { return c.p.Path }

// Finalize writes the results of the most granular StateTracker to the
// path, atomically, as JSON indented by two spaces.
func (c *ResultsWriter) Finalize(m phases.Model) error {
	t := MostGranular(stateTrackers(m))
	if t == nil {
		return fmt.Errorf("%s: the model has no %s to summarise", ResultsWriterName, StateTrackerName)
	}
	data, err := json.MarshalIndent(NewResults(t, m), "", "  ")
	if err != nil {
		return fmt.Errorf("%s: %w", ResultsWriterName, err)
	}
	// atomicfile's errors name the path; the model prefixes the component.
	return atomicfile.WriteBytes(c.p.Path, 0o644, append(data, '\n'))
}

// stateTrackers returns m's StateTracker instances in instance order.
func stateTrackers(m phases.Model) []*StateTracker {
	var out []*StateTracker
	for _, c := range m.Instances() {
		if t, ok := c.(*StateTracker); ok {
			out = append(out, t)
		}
	}
	return out
}
