package params_test

import (
	"testing"

	"github.com/rubeola/rubeola/params"
)

// BenchmarkDecodeStrict decodes a small component object, as every point of
// a sweep does for each of its components.
func BenchmarkDecodeStrict(b *testing.B) {
	in := []byte(`{"beta": 0.6, "seasonal_amplitude": 0.1, "season_start": 3, "per_patch": {"a": 2}, "opts": {"level": 1}}`)
	for b.Loop() {
		p := defaults()
		if err := params.DecodeStrict(in, &p, infectionRules); err != nil {
			b.Fatal(err)
		}
	}
}
