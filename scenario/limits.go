package scenario

import "fmt"

// MaxBuilderPatches is the largest number of patches a synthetic builder
// makes: 2^20 (1048576). Larger synthetic scenarios are not useful runs (a
// dense mixing matrix for 2^20 patches is already 8.8 TB) but a run file
// asking for one (n = 16000000) kept `rubeola validate` busy for minutes and
// gigabytes before anything could be said; a scenario that large can still
// be loaded from a file.
const MaxBuilderPatches = 1 << 20

// checkBuilderSize reports a patch count above MaxBuilderPatches; what
// describes how it was computed ("100000×100000").
func checkBuilderSize(builder string, n int, what string) error {
	if n > MaxBuilderPatches {
		return fmt.Errorf("scenario: %s: %s = %d patches, more than the %d a synthetic builder makes (load a scenario CSV for larger ones)",
			builder, what, n, MaxBuilderPatches)
	}
	return nil
}
