// Package vecops holds small vector kernels shared by the force evaluators
// of mixing and systems, written so their rounding is fixed: every product
// is rounded before it is added (explicit float64 conversions forbid fused
// multiply-add), in a stated order.
package vecops
