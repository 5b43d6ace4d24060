package metrics

import (
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// A psi that Validate accepts must not make reportDraw panic; one above
// MaxPsi (1e200 squared overflows, the size is 0) is refused by name.
func TestValidateRefusesPsiThatPanicsTheSampler(t *testing.T) {
	p := DefaultCaseSurveillanceTrackerParams()
	p.Reporting = ReportingNegativeBinomial
	p.Psi = scenario.PatchNumber(1e200)
	if err := p.Validate(); err == nil {
		t.Fatal("psi = 1e200 accepted")
	} else if want := "CaseSurveillanceTracker: psi must be finite, >= 0 and at most 100"; !contains(err.Error(), want) {
		t.Fatalf("error %q does not contain %q", err, want)
	}
	p.Psi = scenario.PatchNumber(MaxPsi)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	src := rng.NewSource(1, "x", 0)
	for _, c := range []int64{1, 100, 1 << 40} {
		for k := 0; k < 1000; k++ {
			reportDraw(src, c, 0.5, MaxPsi)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
