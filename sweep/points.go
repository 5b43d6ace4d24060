package sweep

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/echo"
)

// enumerate lists the points of the axes: Grid is the Cartesian product
// with the last axis varying fastest (row-major order, like nested loops
// in the order the file lists the axes); Zip takes the k-th value of every
// axis for point k. No axes give one point, the base run file.
func enumerate(mode Mode, axes []Axis) ([]Point, error) {
	if len(axes) == 0 {
		return []Point{{Index: 0}}, nil
	}
	if mode == Zip {
		n := len(axes[0].Values)
		for _, a := range axes[1:] {
			if len(a.Values) != n {
				return nil, fmt.Errorf(`mode = "zip" needs axes of equal length: %s has %d values, %s has %d`,
					echo.Quote(axes[0].Path), n, echo.Quote(a.Path), len(a.Values))
			}
		}
		points := make([]Point, n)
		for k := range points {
			points[k] = Point{Index: k, Values: make([]any, len(axes)), at: make([]int, len(axes))}
			for j, a := range axes {
				points[k].Values[j], points[k].at[j] = a.Values[k], k
			}
		}
		return points, nil
	}
	total := 1
	for _, a := range axes {
		total *= len(a.Values)
		if total > MaxPoints {
			return nil, fmt.Errorf("the grid has more than %d points", MaxPoints)
		}
	}
	points := make([]Point, total)
	for k := range points {
		p := Point{Index: k, Values: make([]any, len(axes)), at: make([]int, len(axes))}
		rest := k
		for j := len(axes) - 1; j >= 0; j-- {
			n := len(axes[j].Values)
			p.at[j] = rest % n
			p.Values[j] = axes[j].Values[p.at[j]]
			rest /= n
		}
		points[k] = p
	}
	return points, nil
}

// Shard selects a deterministic subset of the points: shard I of N holds
// the points whose index k satisfies k mod N == I, so consecutive points
// (neighbouring grid values, similar cost) spread over the shards. The
// zero value and {0, 1} hold every point.
type Shard struct {
	I, N int
}

// ParseShard reads "i/n" (0-based i < n).
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %s: expected i/n, e.g. 0/4", echo.Quote(s))
	case n < 1:
		return Shard{}, fmt.Errorf("shard %s: n must be >= 1", echo.Quote(s))
	case i < 0 || i >= n:
		return Shard{}, fmt.Errorf("shard %s: i must be 0 … %d (0-based)", echo.Quote(s), n-1)
	}
	return Shard{I: i, N: n}, nil
}

// Holds reports whether point index k belongs to the shard.
func (s Shard) Holds(k int) bool { return s.N <= 1 || k%s.N == s.I }

// String formats the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, max(s.N, 1)) }

// cloneDoc deep-copies a parsed TOML document.
func cloneDoc(m map[string]any) map[string]any {
	return cloneValue(m).(map[string]any)
}

// cloneValue deep-copies a TOML value (tables and arrays; scalars are
// immutable).
func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = cloneValue(e)
		}
		return out
	case []map[string]any:
		out := make([]map[string]any, len(x))
		for k, e := range x {
			out[k] = cloneValue(e).(map[string]any)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for k, e := range x {
			out[k] = cloneValue(e)
		}
		return out
	}
	return v
}
