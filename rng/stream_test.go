package rng

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNewSourceDerivation checks NewSource against the SPEC §6.2 key layout,
// built here independently byte by byte.
func TestNewSourceDerivation(t *testing.T) {
	tests := []struct {
		seed  uint64
		name  string
		block uint64
	}{
		{0, "", 0},
		{1, "InfectionProcess", 0},
		{42, "InfectionProcess#2", 7},
		{^uint64(0), "scenario.RandomN", 1 << 40},
	}
	for _, tt := range tests {
		var key []byte
		key = append(key, "rubeola.stream.v2"...)
		key = append(key, 0)
		key = binary.LittleEndian.AppendUint64(key, tt.seed)
		key = append(key, tt.name...)
		key = append(key, 0)
		key = binary.LittleEndian.AppendUint64(key, tt.block)
		h := sha256.Sum256(key)
		want := &Source{state: binary.LittleEndian.Uint64(h[0:8])}
		got := NewSource(tt.seed, tt.name, tt.block)
		assert.Equal(t, want, got, "seed=%d name=%q block=%d", tt.seed, tt.name, tt.block)
	}
}

// TestNewSourceDeterminismAndDistinctness checks that equal (seed, name,
// block) give equal streams and that changing any one of them gives a
// different stream.
func TestNewSourceDeterminismAndDistinctness(t *testing.T) {
	first := func(seed uint64, name string, block uint64) [4]uint64 {
		src := NewSource(seed, name, block)
		return [4]uint64{src.Uint64(), src.Uint64(), src.Uint64(), src.Uint64()}
	}
	base := first(7, "InfectionProcess", 3)
	assert.Equal(t, base, first(7, "InfectionProcess", 3), "same key, same stream")

	seen := map[[4]uint64]string{}
	add := func(label string, v [4]uint64) {
		if prev, ok := seen[v]; ok {
			t.Errorf("%s and %s share a stream", label, prev)
		}
		seen[v] = label
	}
	for _, seed := range []uint64{0, 1, 7, 8, 1 << 63} {
		for _, name := range []string{"", "InfectionProcess", "InfectionProcess#2", "VitalDynamicsProcess", "a", "a\x00"} {
			for _, block := range []uint64{0, 1, 3, 256} {
				add(keyLabel(seed, name, block), first(seed, name, block))
			}
		}
	}
}

func keyLabel(seed uint64, name string, block uint64) string {
	return fmt.Sprintf("(seed %d, name %q, block %d)", seed, name, block)
}

// TestStreamsRange checks that the blocks tile [0, n) in order with
// BlockSize patches each, the last one partial, and that Block/ForPatch return
// the derived source of the right block.
func TestStreamsRange(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 257, 1000, 5000} {
		s := NewStreams(testSeed, "Range", n)
		wantBlocks := max((n+BlockSize-1)/BlockSize, 1)
		require.Equal(t, wantBlocks, s.NumBlocks(), "n=%d", n)
		assert.Equal(t, "Range", s.Name())
		next := 0
		for b := range s.NumBlocks() {
			lo, hi := s.Range(b)
			assert.Equal(t, next, lo, "n=%d block %d starts where the previous ended", n, b)
			if b < s.NumBlocks()-1 {
				assert.Equal(t, BlockSize, hi-lo, "n=%d block %d is full", n, b)
			} else {
				assert.Equal(t, n-(s.NumBlocks()-1)*BlockSize, hi-lo, "n=%d last block holds the rest", n)
				assert.LessOrEqual(t, hi-lo, BlockSize)
			}
			for j := lo; j < hi; j++ {
				if s.ForPatch(j) != s.Block(b) {
					t.Fatalf("n=%d: ForPatch(%d) is not block %d", n, j, b)
				}
			}
			assert.Equal(t, NewSource(testSeed, "Range", uint64(b)), s.Block(b), "n=%d block %d", n, b)
			next = hi
		}
		assert.Equal(t, n, next, "blocks cover [0, n)")
	}
}

// drawMix makes k draws of mixed kinds from every block and returns them.
func drawMix(s *Streams, k int) []float64 {
	var out []float64
	for b := range s.NumBlocks() {
		src := s.Block(b)
		for i := range k {
			switch i % 4 {
			case 0:
				out = append(out, Uniform(src))
			case 1:
				out = append(out, float64(Binomial(src, 1000, 0.3)))
			case 2:
				out = append(out, float64(Poisson(src, 3.5)))
			default:
				out = append(out, Normal(src))
			}
		}
	}
	return out
}

// TestStreamsRestore checks that restoring a saved state (MarshalBinary /
// UnmarshalBinary, SPEC §6.4 "Serialisable state") reproduces the next 1000
// draws of every block, also into a freshly derived Streams.
func TestStreamsRestore(t *testing.T) {
	s := NewStreams(testSeed, "Restore", 600) // 3 blocks, the last partial
	drawMix(s, 137)                           // advance past the initial state
	state, err := s.MarshalBinary()
	require.NoError(t, err)
	require.Len(t, state, 3)

	want := drawMix(s, 1000)
	require.NoError(t, s.UnmarshalBinary(state))
	assert.Equal(t, want, drawMix(s, 1000), "same Streams, restored")

	other := NewStreams(testSeed, "Restore", 600)
	require.NoError(t, other.UnmarshalBinary(state))
	assert.Equal(t, want, drawMix(other, 1000), "fresh Streams, restored")
}

// TestStreamsUnmarshalErrors checks that a bad state is rejected and changes
// nothing.
func TestStreamsUnmarshalErrors(t *testing.T) {
	s := NewStreams(testSeed, "Bad", 300) // 2 blocks
	state, err := s.MarshalBinary()
	require.NoError(t, err)

	tests := []struct {
		name  string
		state [][]byte
		msg   string
	}{
		{"too few blocks", state[:1], `rng: stream "Bad" has 2 blocks, state has 1`},
		{"too many blocks", append(append([][]byte{}, state...), state[0]), `rng: stream "Bad" has 2 blocks, state has 3`},
		{"corrupt block", [][]byte{state[0], []byte("garbage")}, `rng: stream "Bad" block 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := s.MarshalBinary()
			require.NoError(t, err)
			err = s.UnmarshalBinary(tt.state)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.msg)
			after, err := s.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, before, after, "failed restore changed the state")
		})
	}
}

// TestSourceUnmarshalRefusesPCG checks that a stream state written by a
// build with PCG streams is refused with an error saying so (a snapshot
// resumes only with the version that wrote it), that a malformed state is
// refused, and that a refused state leaves the source unchanged.
func TestSourceUnmarshalRefusesPCG(t *testing.T) {
	pcgState, err := rand.NewPCG(1, 2).MarshalBinary()
	require.NoError(t, err)
	src := NewSource(1, "s", 0)
	before := *src
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"PCG state", pcgState, "PCG state"},
		{"short", []byte("smx1\x00"), `not "smx1" followed by an 8-byte state`},
		{"other magic", []byte("abcd01234567"), `not "smx1"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := src.UnmarshalBinary(tt.data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Equal(t, before, *src)
		})
	}
	data, err := src.MarshalBinary()
	require.NoError(t, err)
	var back Source
	require.NoError(t, back.UnmarshalBinary(data))
	assert.Equal(t, *src, back)
}
