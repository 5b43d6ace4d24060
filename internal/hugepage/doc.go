// Package hugepage allocates large numeric slices that the kernel backs with
// transparent huge pages where it can.
//
// First touch of fresh memory is the hidden cost of a short run: on the
// virtual machines rubeola is benchmarked on, every 4 KiB page faulted in
// costs ≈ 13 µs, so the 200 MB dense mixing matrix of N = 5 000 patches takes
// ≈ 0.6 s to touch before a single value is computed, and tracker arrays pay
// the same per tick as they fill. On Linux with transparent huge pages in
// "madvise" mode (the common default), [Make] advises the slice's memory with
// MADV_HUGEPAGE before anything touches it, so it is faulted in 2 MiB at a
// time: the same 200 MB then takes ≈ 35–50 ms. Elsewhere, or when the kernel
// refuses, it is a plain make.
//
// Only slices of at least [MinBytes] are advised (smaller ones would round up
// to a whole huge page of resident memory). The slices are ordinary
// garbage-collected Go memory.
package hugepage
