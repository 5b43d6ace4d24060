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
}

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
	if err != nil {
		return fmt.Errorf("tick %d, phase %s: %w", tick, s.names[k], err)
	}
	return nil
}

// Stepper returns phase k (0 ≤ k < Len()).
func (s *Schedule) Stepper(k int) Stepper { return s.steppers[k] }
