package scenario

import "fmt"

// MaxBuilderPatches is the largest number of patches a synthetic builder
// makes: 2^24 (about 16.8 million). A table costs about 60 bytes per patch
// before any model exists (a dense mixing matrix 8·N² more), so a larger
// synthetic scenario — rows = cols = 100000 in a run file — would exhaust
// the memory of any machine before it could be refused later. A scenario
// that large can still be loaded from a file.
const MaxBuilderPatches = 1 << 24

// checkBuilderSize reports a patch count above MaxBuilderPatches; what
// describes how it was computed ("100000×100000").
func checkBuilderSize(builder string, n int, what string) error {
	if n > MaxBuilderPatches {
		return fmt.Errorf("scenario: %s: %s = %d patches, more than the %d a synthetic builder makes (load a scenario CSV for larger ones)",
			builder, what, n, MaxBuilderPatches)
	}
	return nil
}
