package model

import (
	"fmt"
)

// Infect moves n[k] individuals into I in patch indices[k]: S → I in the
// biweekly model, E → I in the compartmental model (the reference's
// infect). len(n) must equal len(indices) or be 1 (broadcast). Every
// argument is checked first; on error nothing changes.
func (m *Model) Infect(indices []int, n []int64) error {
	if e := m.world.E(); e != nil {
		return m.move("infect", "E", e, m.world.I(), indices, n)
	}
	return m.move("infect", "S", m.world.S(), m.world.I(), indices, n)
}

// Expose moves n[k] individuals S → E in patch indices[k] (the
// compartmental model's expose), with the rules of Infect. The biweekly
// model has no E: Expose is then an error and changes nothing.
func (m *Model) Expose(indices []int, n []int64) error {
	e := m.world.E()
	if e == nil {
		return fmt.Errorf("expose: the %s model has no E compartment (the compartmental model has)", m.Type())
	}
	return m.move("expose", "S", m.world.S(), e, indices, n)
}

// Recover moves n[k] individuals I → R in patch indices[k], with the rules of
// Infect.
func (m *Model) Recover(indices []int, n []int64) error {
	return m.move("recover", "I", m.world.I(), m.world.R(), indices, n)
}

// move checks every index and count, then moves counts from src to dst
// (a patch model's only: the agent-based model's counts follow its agents).
func (m *Model) move(op, from string, src, dst []int64, indices []int, n []int64) error {
	if m.cfg.mtype.agents {
		return fmt.Errorf("%s: the agent-based model's counts are its agents': move agents with agents.Table.SetState (the InfectionSeeding component seeds infections)", op)
	}
	if len(indices) == 0 {
		return nil
	}
	if len(n) != 1 && len(n) != len(indices) {
		return fmt.Errorf("%s: %d counts for %d indices (want 1 or %d)", op, len(n), len(indices), len(indices))
	}
	size := m.world.Len()
	seen := make(map[int]bool, len(indices))
	for k, j := range indices {
		if j < 0 || j >= size {
			return fmt.Errorf("%s: index %d out of range [0, %d)", op, j, size)
		}
		if seen[j] {
			return fmt.Errorf("%s: duplicate index %d", op, j)
		}
		seen[j] = true
		c := n[min(k, len(n)-1)]
		if c < 0 {
			return fmt.Errorf("%s: count %d for patch %d is negative", op, c, j)
		}
		if c > src[j] {
			return fmt.Errorf("%s: patch %d (%q) has %s=%d, cannot %s %d", op, j, m.scn.ID[j], from, src[j], op, c)
		}
	}
	for k, j := range indices {
		c := n[min(k, len(n)-1)]
		src[j] -= c
		dst[j] += c
	}
	return nil
}
