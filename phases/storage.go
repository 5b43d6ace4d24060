package phases

import (
	"strconv"
	"strings"
)

// Dim is one factor of a storage size: a count and the plural noun it
// counts ("3 states", "954 patches", "520 ticks").
type Dim struct {
	N    int
	Unit string // plural; a trailing "s" is dropped when N is 1
}

// Storage describes one array a component allocates for a whole run: the
// product of its dims times ElemBytes bytes.
type Storage struct {
	Dims      []Dim
	ElemBytes int
}

// Bytes returns the size in bytes, as a float64 so that absurd sizes (a
// run of 10^18 ticks) do not overflow.
func (s Storage) Bytes() float64 {
	b := float64(s.ElemBytes)
	for _, d := range s.Dims {
		b *= float64(d.N)
	}
	return b
}

// String shows how the size is made up: "3 states × 954 patches ×
// 1000000000 ticks × 8 B".
func (s Storage) String() string {
	var b strings.Builder
	for _, d := range s.Dims {
		b.WriteString(strconv.Itoa(d.N))
		b.WriteByte(' ')
		if d.N == 1 {
			b.WriteString(strings.TrimSuffix(d.Unit, "s"))
		} else {
			b.WriteString(d.Unit)
		}
		b.WriteString(" × ")
	}
	b.WriteString(strconv.Itoa(s.ElemBytes))
	b.WriteString(" B")
	return b.String()
}

// StorageSizer is a component that allocates storage for every tick of the
// run when it is initialised (the trackers). TickStorage describes it for
// model m and a run of ticks ticks, without allocating, so that a run too
// large for the machine is refused before it starts.
type StorageSizer interface {
	Component
	TickStorage(m Model, ticks int) Storage
}

// SetupSizer is a component that allocates one large structure when it is
// initialised and keeps it for the run (the Infection's mixing matrix: 8·N²
// bytes dense, 4·N² factored). SetupStorage describes it for model m
// without allocating, so that a scenario too large for the machine is
// refused before the build (a Go allocation past the memory is a fatal
// error, not an error value); a zero Storage (no dims) means the component
// keeps nothing that grows faster than the patches. The structure is
// shared by an ensemble's replicates, so an ensemble counts it once.
type SetupSizer interface {
	Component
	SetupStorage(m Model) Storage
}
