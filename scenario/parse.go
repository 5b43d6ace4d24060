package scenario

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/rubeola/rubeola/rng"
)

// maxExactFloatInt is 2^53, the largest magnitude up to which every integer is
// exactly representable as a float64; float literals for pop are accepted up
// to it (SPEC §3.2).
const maxExactFloatInt = 1 << 53

// MaxPop is the largest population of a patch, and of all patches together
// (SPEC §3.2): 2^53, up to which every count is exact in float64 and
// accepted by the samplers. During a run a count that would pass it stops
// the run with an error.
const MaxPop = rng.MaxBinomialN

// parsePop parses a trimmed, non-missing pop cell. It accepts decimal integer
// text and float literals with an exact integer value of magnitude ≤ 2^53
// ("1000.0", "1e5"). On failure it returns the reason, which names the text.
// The sign is checked later, by checkPop.
func parsePop(s string) (int64, string) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err == nil {
		return v, ""
	}
	if errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Sprintf("%q is out of the 64-bit integer range", s)
	}
	if !isDecimal(s) {
		return 0, fmt.Sprintf("%q is not an integer", s)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || f != math.Trunc(f) {
		return 0, fmt.Sprintf("%q is not an integer", s)
	}
	if math.Abs(f) > maxExactFloatInt {
		return 0, fmt.Sprintf("%q is not an exact integer (float literals are accepted up to 2^53; write the integer digits)", s)
	}
	return int64(f), ""
}

// parseFloat parses a trimmed, non-missing float cell: decimal text, integer
// text included ("40"). Hexadecimal floats, "Inf" and digit separators are not
// numbers here. Text out of the float64 range ("1e400") parses as ±Inf, which
// checkFloat rejects as not finite. On failure it returns the reason.
func parseFloat(s string) (float64, string) {
	if !isDecimal(s) {
		return 0, fmt.Sprintf("%q is not a number", s)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Sprintf("%q is not a number", s)
	}
	return f, ""
}

// isDecimal reports whether s uses only the characters of a decimal number
// (digits, sign, point, exponent); strconv checks the syntax.
func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == 'e', c == 'E':
		default:
			return false
		}
	}
	return s != ""
}
