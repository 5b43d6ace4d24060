package model

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/rubeola/rubeola/phases"
)

// Initialize runs the pending initialisers of every replicate without
// ticking: replicate 0 first (it makes the shared builds, such as the
// mixing, on all workers), then the others — in parallel on the shared pool
// when every instance is a built-in component (each touches only its own
// replicate, and a replicate's blocks then run in order on one goroutine:
// the same bits), else one by one. The first error in replicate order is
// returned.
func (e *Ensemble) Initialize() error {
	if e.reps[0].needsMemoryCheck() {
		if err := e.CheckMemory(); err != nil {
			return err
		}
	}
	if err := e.reps[0].Initialize(); err != nil {
		return e.replicateErr(0, err)
	}
	rest := e.reps[1:]
	if !slices.ContainsFunc(rest, (*Model).needsMemoryCheck) {
		return nil // every replicate is initialised (RunTicks calls Initialize every time)
	}
	if !e.allBuiltin() || !e.reps[0].p.Parallel {
		for r, m := range rest {
			if err := m.Initialize(); err != nil {
				return e.replicateErr(r+1, err)
			}
		}
		return nil
	}
	errs := make([]error, len(rest))
	for _, m := range rest {
		m.inline = true
	}
	running := e.pool.Running()
	e.pool.Start()
	e.pool.Run(len(rest), &replicateInits{reps: rest, errs: errs})
	if !running {
		e.pool.Stop() // runTicks starts it again; an ensemble only initialised keeps no helpers
	}
	for _, m := range rest {
		m.inline = false
	}
	for r, err := range errs {
		if err != nil {
			return e.replicateErr(r+1, err)
		}
	}
	return nil
}

// allBuiltin reports whether every instance of every replicate is a
// built-in component.
func (e *Ensemble) allBuiltin() bool {
	for _, m := range e.reps {
		for _, c := range m.instances {
			if !isBuiltin(c) {
				return false
			}
		}
	}
	return true
}

// replicateErr names replicate r in err (kept as is for a single replicate,
// whose errors then read like a lone model's).
func (e *Ensemble) replicateErr(r int, err error) error {
	if len(e.reps) == 1 {
		return err
	}
	return fmt.Errorf("replicate %d: %w", r, err)
}

// Run runs all remaining ticks of every replicate, then finalizes them.
// Cancelling ctx stops the run at a tick boundary with ctx's error; the
// ensemble stays consistent and a later Run continues where it stopped.
func (e *Ensemble) Run(ctx context.Context) error {
	return e.RunTicks(ctx, e.reps[0].p.NumTicks)
}

// RunTicks runs at most n of the remaining ticks of every replicate
// (stopping at a tick boundary), finalizing when the last tick is done.
// An error in a replicate's phase stops the ensemble ("replicate 3: tick
// 17, phase InfectionProcess: …"); it cannot run on.
func (e *Ensemble) RunTicks(ctx context.Context, n int) error {
	if e.running {
		return errors.New("model: run already in progress")
	}
	for r, m := range e.reps {
		if err := m.checkRunnable(); err != nil {
			return e.replicateErr(r, err)
		}
	}
	e.setRunning(true)
	defer e.setRunning(false)
	if err := e.Initialize(); err != nil {
		e.fail(e.Tick())
		return err
	}
	p := e.reps[0].p
	if p.Verbose && e.Tick() == 0 {
		fmt.Fprintf(e.cfg.stdout, "%s: Running the %s ensemble of %d replicates for %d ticks…\n",
			time.Now().Format(timestampLayout), e.cfg.name, len(e.reps), p.NumTicks)
	}
	if err := e.runTicks(ctx, min(n, p.NumTicks-e.Tick())); err != nil {
		return err
	}
	if e.Tick() >= p.NumTicks {
		return e.finalize()
	}
	return nil
}

// Finalized reports whether every replicate's run is complete (see
// [Model.Finalized]).
func (e *Ensemble) Finalized() bool {
	for _, m := range e.reps {
		if !m.finalized {
			return false
		}
	}
	return true
}

// setRunning marks the ensemble and every replicate running (components
// and snapshots refuse changes meanwhile) or not.
func (e *Ensemble) setRunning(v bool) {
	e.running = v
	for _, m := range e.reps {
		m.running = v
	}
}

// runTicks runs up to n ticks with the shared pool and one progress bar
// counting replicate-ticks.
func (e *Ensemble) runTicks(ctx context.Context, n int) error {
	if n <= 0 {
		return nil
	}
	p := e.reps[0].p
	if p.Parallel {
		e.pool.Start()
	}
	for _, m := range e.reps {
		m.timing.Reserve(p.NumTicks - m.tick)
	}
	R := len(e.reps)
	bar := phases.NewProgress(e.cfg.progress, n*R, e.cfg.name, p.ShowProgress && e.cfg.terminal(e.cfg.progress))
	defer bar.Close()
	for range n {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("model: stopped before tick %d: %w", e.Tick(), err)
		}
		if err := e.tick(); err != nil {
			e.pool.Stop()
			return err
		}
		if e.cfg.afterTick != nil {
			e.cfg.afterTick(e.Tick())
		}
		bar.Add(R)
	}
	return nil
}

// tick runs one tick of every replicate, phase by phase: phase k runs for
// replicates 0…R−1 before phase k+1 starts. A replicate sees exactly the
// calls a lone model makes (its phases in order, each once per tick), so
// its results are those of the lone model.
func (e *Ensemble) tick() error {
	t := e.Tick()
	for _, m := range e.reps {
		m.timing.BeginTick(t)
	}
	var err error
	for k := range e.reps[0].schedule.Len() {
		if err = e.runPhase(t, k); err != nil {
			break
		}
	}
	for _, m := range e.reps {
		m.timing.EndTick()
		if err == nil {
			m.tick++
		}
	}
	return err
}

// runPhase runs phase k of tick t for every replicate: in one call when
// the phase batches (phases.BatchStepper); for built-in components,
// replicates in parallel on the shared pool (each replicate's blocks then
// run sequentially on its goroutine: the same bits, one hand-off per phase
// instead of one per replicate); else replicate by replicate, each on all
// workers. A failure marks every replicate failed at t.
func (e *Ensemble) runPhase(t, k int) error {
	if e.plan == nil {
		e.makePlan()
	}
	switch e.plan[k] {
	case phaseBatched:
		start := time.Now()
		err := e.peers[k][0].(phases.BatchStepper).StepBatch(e.models, e.peers[k], t)
		share := time.Since(start) / time.Duration(len(e.reps))
		for _, m := range e.reps {
			m.timing.Record("", share)
		}
		if err != nil {
			e.fail(t)
			return fmt.Errorf("tick %d, phase %s: %w", t, e.reps[0].timing.Phases[k], err)
		}
		return nil
	case phaseParallel:
		e.curTick, e.curPhase = t, k
		for _, m := range e.reps {
			m.inline = true
		}
		e.pool.Run(len(e.reps), (*replicateSteps)(e))
		for _, m := range e.reps {
			m.inline = false
		}
		for r, err := range e.errs {
			if err != nil {
				e.fail(t)
				return e.replicateErr(r, err)
			}
		}
		return nil
	}
	for r, m := range e.reps {
		if err := m.schedule.RunPhase(m, t, k, m.timing.Record); err != nil {
			e.fail(t)
			return e.replicateErr(r, err)
		}
	}
	return nil
}

// replicateSteps is the ensemble as the parallel section that runs the
// current phase of every replicate (a phases.Blocker over replicates).
type replicateSteps Ensemble

// Block runs the current phase of replicate r, keeping its error.
func (s *replicateSteps) Block(r int) {
	e := (*Ensemble)(s)
	m := e.reps[r]
	e.errs[r] = m.schedule.RunPhase(m, e.curTick, e.curPhase, m.timing.Record)
}

// replicateInits initialises replicates in parallel (a phases.Blocker
// over replicates).
type replicateInits struct {
	reps []*Model
	errs []error
}

// Block initialises replicate r, keeping its error.
func (w *replicateInits) Block(r int) { w.errs[r] = w.reps[r].Initialize() }

// fail marks every replicate failed at tick t.
func (e *Ensemble) fail(t int) {
	for _, m := range e.reps {
		m.failed, m.failedTick = true, t
	}
}

// How the ensemble runs a phase (see runPhase).
const (
	phaseSequential = iota
	phaseParallel
	phaseBatched
)

// makePlan chooses, per phase, how it runs: batched when there is more
// than one replicate and the instances are phases.BatchStepper of one
// type; in parallel over replicates when every instance is a built-in
// component (their steps touch only their own model); else sequentially.
// A user phase is never run concurrently with itself: its replicates'
// instances may share state through the factory.
func (e *Ensemble) makePlan() {
	R := len(e.reps)
	e.models = make([]phases.Model, R)
	for r, m := range e.reps {
		e.models[r] = m
	}
	e.errs = make([]error, R)
	n := e.reps[0].schedule.Len()
	e.plan, e.peers = make([]int, n), make([][]phases.Stepper, n)
	if R < 2 {
		return
	}
	for k := range n {
		peers := make([]phases.Stepper, R)
		builtin, sameType := true, true
		for r, m := range e.reps {
			peers[r] = m.schedule.Stepper(k)
			sameType = sameType && reflect.TypeOf(peers[r]) == reflect.TypeOf(peers[0])
			builtin = builtin && isBuiltin(peers[r].(phases.Component))
		}
		_, batches := peers[0].(phases.BatchStepper)
		switch {
		case batches && sameType:
			e.plan[k], e.peers[k] = phaseBatched, peers
		case builtin:
			e.plan[k] = phaseParallel
		}
	}
}

// finalize prints the verbose summary once for the ensemble (phase totals
// summed over replicates) and finalizes every replicate in order.
func (e *Ensemble) finalize() error {
	e.pool.Stop()
	if e.reps[0].p.Verbose {
		fmt.Fprintf(e.cfg.stdout, "Completed the %s ensemble of %d replicates at %s…\n",
			e.cfg.name, len(e.reps), time.Now().Format(timestampLayout))
		var names []string
		totals := map[string]int64{}
		for _, m := range e.reps {
			ns, ts := m.timing.TotalsByName()
			for _, name := range ns {
				if _, seen := totals[name]; !seen {
					names = append(names, name)
				}
				totals[name] += ts[name]
			}
		}
		writeTimingSummary(e.cfg.stdout, names, totals)
	}
	for r, m := range e.reps {
		if err := m.finalize(); err != nil {
			return e.replicateErr(r, err)
		}
	}
	return nil
}
