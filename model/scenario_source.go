package model

// WithScenarioSource records where the model's scenario came from — a file
// path, a builder, the embedded default — as the CLI's summary.json
// reports it (inputs.scenario). Snapshots store it, and a model loaded from
// a snapshot has the stored source unless this option is given again, so
// a resumed run reports the scenario's origin as the uninterrupted run
// does. The default is "" (none recorded).
func WithScenarioSource(source string) Option {
	return func(c *config) error {
		c.scenarioSource = source
		return nil
	}
}

// ScenarioSource returns the scenario's origin recorded with
// [WithScenarioSource] (or stored in the snapshot the model was loaded
// from), "" when none was.
func (m *Model) ScenarioSource() string { return m.cfg.scenarioSource }
