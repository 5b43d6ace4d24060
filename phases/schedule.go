package phases

import (
	"fmt"
	"time"
)

// TimingFunc receives the wall time of each phase call, in phase order. The
// model wires it to its metrics.Timing table.
type TimingFunc func(phase string, d time.Duration)

// Schedule is the ordered list of phases run every tick.
type Schedule struct {
	steppers []Stepper
	names    []string
	checks   []func() error // per phase, run after its Step; nil when none is set
}

// SetCheck installs check to run after phase k's Step every tick (nil
// removes it). An error from check stops the tick as the phase's own error
// would, attributed to the phase. The model uses it to check the counts
// after phases whose code it does not know (user components).
func (s *Schedule) SetCheck(k int, check func() error) {
	if s.checks == nil {
		s.checks = make([]func() error, len(s.steppers))
	}
	s.checks[k] = check
}

// HasCheck reports whether a check runs after phase k (see SetCheck).
func (s *Schedule) HasCheck(k int) bool { return s.checks != nil && s.checks[k] != nil }

// NewSchedule keeps, in order, the instances that implement [Stepper].
func NewSchedule(instances []Component) *Schedule {
	s := &Schedule{}
	for _, c := range instances {
		if st, ok := c.(Stepper); ok {
			s.steppers = append(s.steppers, st)
			s.names = append(s.names, c.Name())
		}
	}
	return s
}

// Len returns the number of phases.
func (s *Schedule) Len() int { return len(s.steppers) }

// Names returns the phase names in order.
func (s *Schedule) Names() []string { return append([]string(nil), s.names...) }

// Phases returns the phases in order.
func (s *Schedule) Phases() []Component {
	out := make([]Component, len(s.steppers))
	for k, st := range s.steppers {
		out[k] = st.(Component)
	}
	return out
}

// RunTick runs every phase for tick in order, reporting each duration to
// timing (may be nil). The first error stops the tick and is returned as
// "tick 17, phase InfectionProcess: …".
func (s *Schedule) RunTick(m Model, tick int, timing TimingFunc) error {
	for k := range s.steppers {
		if err := s.RunPhase(m, tick, k, timing); err != nil {
			return err
		}
	}
	return nil
}

// RunPhase runs phase k (0 ≤ k < Len()) for tick, reporting its duration to
// timing (may be nil); an error is returned as "tick 17, phase
// InfectionProcess: …". An ensemble runs its replicates phase by phase.
func (s *Schedule) RunPhase(m Model, tick, k int, timing TimingFunc) error {
	start := time.Now()
	err := s.steppers[k].Step(m, tick)
	if timing != nil {
		timing(s.names[k], time.Since(start))
	}
	if err == nil && s.checks != nil && s.checks[k] != nil {
		err = s.checks[k]()
	}
	if err != nil {
		return fmt.Errorf("tick %d, phase %s: %w", tick, s.names[k], err)
	}
	return nil
}

// Stepper returns phase k (0 ≤ k < Len()).
func (s *Schedule) Stepper(k int) Stepper { return s.steppers[k] }
