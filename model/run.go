package model

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/rubeola/rubeola/phases"
)

// Initialize runs the initialisers of instances not yet initialised, in
// instance order, without ticking.
func (m *Model) Initialize() error {
	if len(m.instances) == 0 {
		//lint:ignore ST1005 the reference's message, word for word (SPEC §4.4, parity)
		return errors.New("No components have been added to the model")
	}
	if m.needsMemoryCheck() {
		if err := m.CheckMemory(); err != nil {
			return err
		}
	}
	if err := m.initAgents(); err != nil {
		return err
	}
	for k, c := range m.instances {
		if m.initialized[k] {
			continue
		}
		if in, ok := c.(phases.Initializer); ok {
			start := time.Now()
			err := in.Initialize(m)
			m.timing.Init[c.Name()] += time.Since(start).Microseconds()
			if err != nil {
				return initError(c, err)
			}
			if err := m.checkAfterUserInit(c); err != nil {
				return initError(c, err)
			}
		}
		m.initialized[k] = true
	}
	return nil
}

// initError names the instance c whose Initialize failed with err, once:
// "initialize Name: …" (an error that begins with the name already is not
// prefixed with it again).
func initError(c phases.Component, err error) error {
	if strings.HasPrefix(err.Error(), c.Name()+": ") {
		return fmt.Errorf("initialize %w", err)
	}
	return fmt.Errorf("initialize %s: %w", c.Name(), err)
}

// Run runs all remaining ticks, then finalizes. Cancelling ctx stops the run
// at a tick boundary with ctx's error; the model stays consistent and a later
// Run continues where it stopped.
func (m *Model) Run(ctx context.Context) error {
	return m.RunTicks(ctx, m.p.NumTicks)
}

// RunTicks runs at most n of the remaining ticks (stopping at a tick
// boundary), finalizing when the last tick is done.
func (m *Model) RunTicks(ctx context.Context, n int) error {
	if m.cfg.member {
		return errors.New("model: this model is a replicate of an ensemble; run the ensemble")
	}
	if err := m.checkRunnable(); err != nil {
		return err
	}
	m.running = true
	defer func() { m.running = false }()
	if err := m.Initialize(); err != nil {
		m.failed, m.failedTick = true, m.tick
		return err
	}
	T := m.p.NumTicks
	if m.p.Verbose && m.tick == 0 {
		fmt.Fprintf(m.cfg.stdout, "%s: Running the %s model for %d ticks…\n", time.Now().Format(timestampLayout), m.cfg.name, T)
	}
	if err := m.runTicks(ctx, min(n, T-m.tick)); err != nil {
		return err
	}
	if m.tick >= T {
		return m.finalize()
	}
	return nil
}

// Finalized reports whether the run is complete: its last tick ran and
// every Finalizer was called, so Run refuses to run again. A snapshot saved
// after the last tick loads finalized, unless [WithNumTicks] extends the
// run; its results are those of the finished run.
func (m *Model) Finalized() bool { return m.finalized }

// checkRunnable returns the error that prevents a run, if any.
func (m *Model) checkRunnable() error {
	switch {
	case m.running:
		return errors.New("model: run already in progress")
	case len(m.instances) == 0:
		//lint:ignore ST1005 the reference's message, word for word (SPEC §4.4, parity)
		return errors.New("No components have been added to the model")
	case m.failed:
		return fmt.Errorf("model: previous run failed at tick %d", m.failedTick)
	case m.finalized:
		return errors.New("model: run already complete")
	}
	return nil
}

// runTicks runs up to n ticks with the worker pool and progress bar.
func (m *Model) runTicks(ctx context.Context, n int) error {
	if n <= 0 {
		return nil
	}
	if m.p.Parallel {
		// The helpers live until the run completes or fails (or the model
		// is garbage collected), so RunTicks loops do not restart them.
		m.pool.Start()
	}
	m.timing.Reserve(m.p.NumTicks - m.tick)
	bar := phases.NewProgress(m.cfg.progress, n, m.cfg.name, m.p.ShowProgress && m.cfg.terminal(m.cfg.progress))
	defer bar.Close()
	for range n {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("model: stopped before tick %d: %w", m.tick, err)
		}
		m.timing.BeginTick(m.tick)
		err := m.schedule.RunTick(m, m.tick, m.timing.Record)
		m.timing.EndTick()
		if err != nil {
			m.failed, m.failedTick = true, m.tick
			m.pool.Stop()
			return err
		}
		m.tick++
		if m.cfg.afterTick != nil {
			m.cfg.afterTick(m.tick)
		}
		bar.Step()
	}
	return nil
}

// finalize prints the verbose summary and calls every Finalizer in order.
func (m *Model) finalize() error {
	m.pool.Stop()
	if m.p.Verbose && !m.cfg.member {
		fmt.Fprintf(m.cfg.stdout, "Completed the %s model at %s…\n", m.cfg.name, time.Now().Format(timestampLayout))
		names, totals := m.timing.TotalsByName()
		writeTimingSummary(m.cfg.stdout, names, totals)
	}
	for _, c := range m.instances {
		if f, ok := c.(phases.Finalizer); ok {
			start := time.Now()
			err := f.Finalize(m)
			m.timing.Finalize[c.Name()] += time.Since(start).Microseconds()
			if err != nil {
				m.failed, m.failedTick = true, m.tick
				return fmt.Errorf("finalize %s: %w", c.Name(), err)
			}
		}
	}
	m.finalized = true
	return nil
}

// writeTimingSummary prints total µs per phase name (first-appearance
// order), a rule, and the total (SPEC §4.6).
func writeTimingSummary(w io.Writer, names []string, totals map[string]int64) {
	width := 0
	for _, name := range names {
		width = max(width, len(name))
	}
	pr := message.NewPrinter(language.English)
	var sum int64
	for _, name := range names {
		pr.Fprintf(w, "%-*s: %13d µs\n", width, name, totals[name])
		sum += totals[name]
	}
	fmt.Fprintln(w, strings.Repeat("=", width+18))
	pr.Fprintf(w, "Total: %13d microseconds\n", sum)
}
