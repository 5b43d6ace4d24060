package demographics

import (
	"fmt"
	"os"
	"path/filepath"
)

// DefaultCacheDir is the cache directory used when none is given:
// os.UserCacheDir()/rubeola (on Linux $XDG_CACHE_HOME/rubeola or
// ~/.cache/rubeola). It is not created here.
func DefaultCacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("demographics: no user cache directory (pass one explicitly): %w", err)
	}
	return filepath.Join(base, "rubeola"), nil
}
