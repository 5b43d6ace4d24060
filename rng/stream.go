package rng

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// BlockSize is the number of patches per random-stream block. It is part of
// the determinism contract (SPEC §6.2) and never derived from the machine.
const BlockSize = 256

// streamPrefix versions the stream derivation (SPEC §6.2).
const streamPrefix = "rubeola.stream.v2"

// NewSource returns the stream owned by (seed, stream name, block):
//
//	key   = "rubeola.stream.v2" ‖ 0x00 ‖ uint64le(seed) ‖ utf8(name) ‖ 0x00 ‖ uint64le(block)
//	h     = SHA-256(key)
//	state = uint64le(h[0:8])   (a SplitMix64 [Source])
func NewSource(seed uint64, name string, block uint64) *Source {
	key := make([]byte, 0, len(streamPrefix)+1+8+len(name)+1+8)
	key = append(key, streamPrefix...)
	key = append(key, 0)
	key = binary.LittleEndian.AppendUint64(key, seed)
	key = append(key, name...)
	key = append(key, 0)
	key = binary.LittleEndian.AppendUint64(key, block)
	h := sha256.Sum256(key)
	return &Source{state: binary.LittleEndian.Uint64(h[0:8])}
}

// Streams is the set of per-block streams of one named stream over n patches.
type Streams struct {
	name   string
	n      int
	blocks []*Source
}

// paddedSource is a Source padded to 128 bytes (two cache lines, the unit
// of adjacent-line prefetching).
type paddedSource struct {
	Source
	_ [128 - 8]byte
}

// NewStreams derives the streams of name for n patches (⌈n/BlockSize⌉ blocks,
// at least one).
func NewStreams(seed uint64, name string, n int) *Streams {
	nb := max((n+BlockSize-1)/BlockSize, 1)
	// Each block's Source sits alone in a 128-byte slot: blocks run on
	// different cores, and states sharing a cache line would make every
	// draw of one core invalidate the other's line (false sharing).
	slots := make([]paddedSource, nb)
	s := &Streams{name: name, n: n, blocks: make([]*Source, nb)}
	for b := range s.blocks {
		slots[b].Source = *NewSource(seed, name, uint64(b))
		s.blocks[b] = &slots[b].Source
	}
	return s
}

// Name returns the stream name.
func (s *Streams) Name() string { return s.name }

// NumBlocks returns the number of blocks.
func (s *Streams) NumBlocks() int { return len(s.blocks) }

// Block returns block b's source.
func (s *Streams) Block(b int) *Source { return s.blocks[b] }

// Range returns the patch range [lo, hi) covered by block b.
func (s *Streams) Range(b int) (lo, hi int) {
	lo = b * BlockSize
	return lo, min(lo+BlockSize, s.n)
}

// ForPatch returns the source of the block that holds patch j.
func (s *Streams) ForPatch(j int) *Source { return s.blocks[j/BlockSize] }

// MarshalBinary encodes the state of every block (for snapshots).
func (s *Streams) MarshalBinary() ([][]byte, error) {
	out := make([][]byte, len(s.blocks))
	for b, src := range s.blocks {
		data, err := src.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("rng: stream %q block %d: %w", s.name, b, err)
		}
		out[b] = data
	}
	return out, nil
}

// UnmarshalBinary restores the state of every block; the number of blocks
// must match. On error nothing changes.
func (s *Streams) UnmarshalBinary(blocks [][]byte) error {
	if len(blocks) != len(s.blocks) {
		return fmt.Errorf("rng: stream %q has %d blocks, state has %d", s.name, len(s.blocks), len(blocks))
	}
	restored := make([]*Source, len(blocks))
	for b, data := range blocks {
		src := &Source{}
		if err := src.UnmarshalBinary(data); err != nil {
			return fmt.Errorf("rng: stream %q block %d: %w", s.name, b, err)
		}
		restored[b] = src
	}
	for b := range restored {
		*s.blocks[b] = *restored[b]
	}
	return nil
}
