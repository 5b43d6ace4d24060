package rng

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// splitMixGamma is SplitMix64's state increment, the odd integer nearest
// 2⁶⁴/φ (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
// generators", OOPSLA '14, §3).
const splitMixGamma = 0x9e3779b97f4a7c15

// The constants of mix64, Stafford's "Mix13" finaliser (D. Stafford 2011,
// "Better bit mixing"), SplitMix64's output function.
const (
	mixMul1 = 0xbf58476d1ce4e5b9
	mixMul2 = 0x94d049bb133111eb
)

// sourceMagic opens a marshalled [Source] ("smx1": SplitMix64, state layout 1).
const sourceMagic = "smx1"

// Source is one block's random stream: the SplitMix64 generator (Steele,
// Lea & Flood 2014; it passes TestU01's BigCrush). The k-th number after a
// state s is mix64(s + k·γ), a function of a counter, so a block's next n
// numbers are computed side by side in SIMD lanes ([Source.Uniforms]) and
// equal, bit for bit, the numbers n calls of [Source.Uint64] return.
//
// Source implements math/rand/v2's Source: rand.New(src) gives the
// standard library's methods on the same stream. The zero Source is valid
// (state 0); streams come from [NewSource].
type Source struct {
	state uint64
}

// Uint64 returns the next 64 random bits: state += γ; mix64(state).
func (s *Source) Uint64() uint64 {
	s.state += splitMixGamma
	return mix64(s.state)
}

// mix64 is SplitMix64's output function (Stafford's Mix13).
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * mixMul1
	z = (z ^ z>>27) * mixMul2
	return z ^ z>>31
}

// Seed sets the state (the value before the first increment).
func (s *Source) Seed(state uint64) { s.state = state }

// MarshalBinary encodes the state: "smx1" followed by the state as a
// little-endian uint64.
func (s *Source) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, len(sourceMagic)+8))
}

// AppendBinary appends the encoding of [Source.MarshalBinary] to b.
func (s *Source) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, sourceMagic...)
	return binary.LittleEndian.AppendUint64(b, s.state), nil
}

// errOldStream reports a stream state saved by an earlier build of rubeola,
// which drew from PCG streams.
var errOldStream = errors.New("the random stream state is a PCG state, written by an earlier rubeola whose random streams were PCGs (the streams changed to SplitMix64 in 0.1.0's batched samplers; a snapshot resumes only with the version that wrote it)")

// UnmarshalBinary restores a state encoded by [Source.MarshalBinary]; on
// error the source is unchanged.
func (s *Source) UnmarshalBinary(data []byte) error {
	if len(data) >= 4 && string(data[:4]) == "pcg:" {
		return errOldStream
	}
	if len(data) != len(sourceMagic)+8 || string(data[:len(sourceMagic)]) != sourceMagic {
		return fmt.Errorf("the random stream state is %d bytes, not %q followed by an 8-byte state", len(data), sourceMagic)
	}
	s.state = binary.LittleEndian.Uint64(data[len(sourceMagic):])
	return nil
}
