package runfile

import (
	"fmt"

	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/model"
)

// ensembleKeys are the keys of a run file's [ensemble] table.
var ensembleKeys = []string{"keep_replicates", "replicates"}

// decodeEnsemble decodes the [ensemble] table: replicates = R (an integer
// ≥ 1) and keep_replicates = true|false. Errors name the TOML path
// (ensemble.replicates: expected an integer from 1 to 100000, got 0).
func (rf *File) decodeEnsemble(v any) []error {
	tbl, ok := v.(map[string]any)
	if !ok {
		return []error{fmt.Errorf("ensemble: expected a table, got %s", tomlx.Type(v))}
	}
	var errs []error
	for _, k := range tomlx.SortedKeys(tbl) {
		path := "ensemble." + k
		switch k {
		case "replicates":
			n, ok := tbl[k].(int64)
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s: expected an integer, got %s", path, tomlx.Type(tbl[k])))
			case n < 1 || n > model.MaxReplicates:
				errs = append(errs, fmt.Errorf("%s: expected an integer from 1 to %d, got %d", path, model.MaxReplicates, n))
			default:
				rf.Replicates = int(n)
			}
		case "keep_replicates":
			b, ok := tbl[k].(bool)
			if !ok {
				errs = append(errs, fmt.Errorf("%s: expected a boolean, got %s", path, tomlx.Type(tbl[k])))
				continue
			}
			rf.KeepReplicates = b
		default:
			errs = append(errs, unknownKeyError(path, k, ensembleKeys))
		}
	}
	return errs
}
