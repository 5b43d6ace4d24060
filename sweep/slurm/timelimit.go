package slurm

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// timeForms are the time-limit formats sbatch accepts for --time, from the
// sbatch(1) manual (Slurm 22.05, option -t/--time): "minutes",
// "minutes:seconds", "hours:minutes:seconds", "days-hours",
// "days-hours:minutes" and "days-hours:minutes:seconds"; "0", "INFINITE" and
// "UNLIMITED" mean no limit. The leading field may be any size; the fields
// after it are bounded (seconds and minutes below 60, hours after days
// below 24) so that a typo such as 1:75:00 is caught here rather than
// silently reinterpreted.
var timeForms = []struct {
	re *regexp.Regexp
	// bounds are the exclusive upper bounds of the captured fields; 0 is
	// unbounded.
	bounds []int
}{
	{regexp.MustCompile(`^(\d+)$`), []int{0}},
	{regexp.MustCompile(`^(\d+):(\d+)$`), []int{0, 60}},
	{regexp.MustCompile(`^(\d+):(\d+):(\d+)$`), []int{0, 60, 60}},
	{regexp.MustCompile(`^(\d+)-(\d+)$`), []int{0, 24}},
	{regexp.MustCompile(`^(\d+)-(\d+):(\d+)$`), []int{0, 24, 60}},
	{regexp.MustCompile(`^(\d+)-(\d+):(\d+):(\d+)$`), []int{0, 24, 60, 60}},
}

// timeHelp lists the accepted forms in error messages.
const timeHelp = `MINUTES, MINUTES:SECONDS, HOURS:MINUTES:SECONDS, DAYS-HOURS, DAYS-HOURS:MINUTES, DAYS-HOURS:MINUTES:SECONDS or INFINITE`

// ValidateTime checks a Slurm time limit (sbatch --time). The empty string
// is valid: the partition's default limit applies.
func ValidateTime(s string) error {
	if s == "" {
		return nil
	}
	switch strings.ToUpper(s) {
	case "INFINITE", "UNLIMITED":
		return nil
	}
	for _, form := range timeForms {
		m := form.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		for i, field := range m[1:] {
			v, err := strconv.Atoi(field)
			if err != nil {
				return fmt.Errorf("time limit %q: field %q is too large", s, field)
			}
			if b := form.bounds[i]; b > 0 && v >= b {
				return fmt.Errorf("time limit %q: field %d is %d, must be below %d (expected %s)", s, i+1, v, b, timeHelp)
			}
		}
		return nil
	}
	return fmt.Errorf("time limit %q: expected %s", s, timeHelp)
}
