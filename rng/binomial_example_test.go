package rng_test

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/rng"
)

// Draws come from a named stream derived from the seed: the same seed, name
// and block give the same numbers on every machine. Small means use
// inversion, large ones BTRS; p ≤ 0 and p ≥ 1 consume no random numbers.
func ExampleBinomial() {
	src := rng.NewSource(20250314, "Example", 0)
	fmt.Println(rng.Binomial(src, 10, 0.2), rng.Binomial(src, 10, 0.2), rng.Binomial(src, 10, 0.2))
	fmt.Println(rng.Binomial(src, 1_000_000, 0.3))
	fmt.Println(rng.Binomial(src, 50, 0), rng.Binomial(src, 50, 1))

	const draws = 100_000
	total := int64(0)
	for range draws {
		total += rng.Binomial(src, 40, 0.25)
	}
	fmt.Printf("mean of %d draws of Binomial(40, 0.25): %.2f\n", draws, float64(total)/draws)
	// Output:
	// 5 4 3
	// 300010
	// 0 50
	// mean of 100000 draws of Binomial(40, 0.25): 10.00
}

// Per-block streams: the patches are split into blocks of 256, each with
// its own stream, so blocks may run on any goroutine in any order and give
// the same draws. Here 600 patches (three blocks) draw their infections
// with the blocks in forward and in reverse order.
func ExampleBinomial_streams() {
	draw := func(blocks []int) []int64 {
		infections := make([]int64, 600)
		streams := rng.NewStreams(1, "Infection", len(infections))
		for _, b := range blocks {
			lo, hi := streams.Range(b)
			src := streams.Block(b)
			for j := lo; j < hi; j++ {
				infections[j] = rng.Binomial(src, 1000, 0.01)
			}
		}
		return infections
	}
	forward, reverse := draw([]int{0, 1, 2}), draw([]int{2, 1, 0})
	fmt.Println(forward[:8], forward[256:260])
	fmt.Println(slices.Equal(forward, reverse))
	// Output:
	// [7 9 12 10 8 12 10 13] [8 12 12 11]
	// true
}
