// Package components holds the plain data types attached to patch entities.
//
// Every patch of a model is one entity carrying one value of each type below.
// Compartment counts are int64 (no unsigned wrap, no 4.29e9 ceiling); the
// engine (package ecs) stores each type as one contiguous column in scenario
// row order, so row k of every column is patch k for the whole run.
//
// Compartments: [Susceptible], [Infectious], [Recovered], and [Exposed] in
// the SEIR worlds of the daily models (compartmental and agent-based; the
// agent-based model's people are rows of package agents' table, and these
// columns hold their counts).
// Static patch data: [Population], [Location], [Coverage], [Index].
//
// The compartment types are distinct named integers rather than one struct so
// that each is its own column (structure of arrays): batch kernels stream one
// compartment at a time, and a variant model adds a compartment type of its
// own (E, W, age bins, …) without touching the others: ecs.NewCompartment
// and model.WithCompartments (examples/sirs).
package components
