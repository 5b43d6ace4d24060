// Package patchcount holds what the processes that move patch counts share
// across the families of package systems (the patch models' processes in
// systems, the compartmental model's in systems/compartmental, the
// agent-based model's transmission in systems/abm): the kernels' refusal
// [CountError], the per-person hazards and the draws of the susceptible
// declared compartments from a force of infection, slice helpers for an
// SIR world's absent E column, and the refusal of a patch-count process in
// the agent-based model.
package patchcount
