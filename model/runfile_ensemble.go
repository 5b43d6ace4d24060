package model

import "fmt"

// ensembleKeys are the keys of a run file's [ensemble] table.
var ensembleKeys = []string{"keep_replicates", "replicates"}

// decodeEnsemble decodes the [ensemble] table: replicates = R (an integer
// ≥ 1) and keep_replicates = true|false. Errors name the TOML path
// (ensemble.replicates: expected an integer from 1 to 100000, got 0).
func (rf *RunFile) decodeEnsemble(v any) []error {
	tbl, ok := v.(map[string]any)
	if !ok {
		return []error{fmt.Errorf("ensemble: expected a table, got %s", tomlType(v))}
	}
	var errs []error
	for _, k := range sortedKeys(tbl) {
		path := "ensemble." + k
		switch k {
		case "replicates":
			n, ok := tbl[k].(int64)
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s: expected an integer, got %s", path, tomlType(tbl[k])))
			case n < 1 || n > MaxReplicates:
				errs = append(errs, fmt.Errorf("%s: expected an integer from 1 to %d, got %d", path, MaxReplicates, n))
			default:
				rf.Replicates = int(n)
			}
		case "keep_replicates":
			b, ok := tbl[k].(bool)
			if !ok {
				errs = append(errs, fmt.Errorf("%s: expected a boolean, got %s", path, tomlType(tbl[k])))
				continue
			}
			rf.KeepReplicates = b
		default:
			errs = append(errs, unknownKeyError(path, k, ensembleKeys))
		}
	}
	return errs
}

// MaxReplicates bounds an ensemble's replicates in a run file and on the
// command line: far more than any
// ensemble on one machine needs, low enough that a typo (an extra digit or
// three) is an error rather than an attempt to allocate thousands of
// models.
const MaxReplicates = 100_000
