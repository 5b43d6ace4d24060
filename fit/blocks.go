package fit

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/scenario"
)

// BlockSpec is how a fit file partitions its places into the blocks of a
// block particle filter ([fit] block_size, blocks or block_column; at
// most one is given, none: blocks of one place).
type BlockSpec struct {
	// Size is block_size: consecutive places of the fit (scenario order)
	// in blocks of Size (the last may be smaller); 0: not given.
	Size int
	// Lists are blocks: explicit lists of place ids.
	Lists [][]string
	// Column is block_column: a scenario column whose value names each
	// place's block (blocks ordered by their first place).
	Column string
}

// blockKeys are the [fit] keys of a BlockSpec.
var blockKeys = []string{"block_size", "blocks", "block_column"}

// decodeBlocks reads the block keys of [fit].
func (f *File) decodeBlocks(t tomlTable) {
	given := 0
	for _, k := range blockKeys {
		if t.has(k) {
			given++
		}
	}
	if given > 1 {
		t.errorf("blocks", "give one of block_size, blocks and block_column, not %d", given)
		return
	}
	if n, ok := t.integer("block_size", 1); ok {
		f.Blocks.Size = int(n)
	}
	if c, ok := t.str("block_column"); ok {
		if c == "" {
			t.errorf("block_column", "must not be empty")
		}
		f.Blocks.Column = c
	}
	raw, ok := t.m["blocks"]
	if !ok {
		return
	}
	list, isList := raw.([]any)
	if !isList || len(list) == 0 {
		t.errorf("blocks", "expected a list of lists of place ids, e.g. [[\"London\", \"Birmingham\"], [\"Leeds\"]]")
		return
	}
	for b, e := range list {
		ids, isIDs := e.([]any)
		if !isIDs || len(ids) == 0 {
			t.errorf(fmt.Sprintf("blocks[%d]", b+1), "expected a non-empty list of place ids")
			continue
		}
		var block []string
		for i, id := range ids {
			s, isStr := id.(string)
			if !isStr {
				t.errorf(fmt.Sprintf("blocks[%d][%d]", b+1, i+1), "expected a place id (a string)")
				continue
			}
			block = append(block, s)
		}
		f.Blocks.Lists = append(f.Blocks.Lists, block)
	}
}

// Resolve returns the partition of places (indices into places) the spec
// describes for the scenario scn of those places (same rows); key names
// the spec in messages.
func (s BlockSpec) Resolve(places []string, scn *scenario.Table) ([][]int, error) {
	switch {
	case s.Size > 0:
		var out [][]int
		for lo := 0; lo < len(places); lo += s.Size {
			var b []int
			for p := lo; p < min(lo+s.Size, len(places)); p++ {
				b = append(b, p)
			}
			out = append(out, b)
		}
		return out, nil
	case s.Column != "":
		col, ok := scn.Extra(s.Column)
		if !ok {
			return nil, fmt.Errorf("fit.block_column: the scenario has no column %q (its extra columns: %s)", s.Column, strings.Join(scn.ExtraNames(), ", "))
		}
		index := map[string]int{}
		var out [][]int
		for p := range places {
			b, seen := index[col[p]]
			if !seen {
				b = len(out)
				index[col[p]] = b
				out = append(out, nil)
			}
			out[b] = append(out[b], p)
		}
		return out, nil
	case s.Lists != nil:
		return listBlocks(s.Lists, places)
	}
	return singleBlocks(len(places)), nil
}

// listBlocks checks explicit block lists: every place in exactly one block.
func listBlocks(lists [][]string, places []string) ([][]int, error) {
	index := map[string]int{}
	for p, id := range places {
		index[id] = p
	}
	owner := map[int]int{}
	var errs []string
	out := make([][]int, len(lists))
	for b, ids := range lists {
		for i, id := range ids {
			p, ok := index[id]
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("fit.blocks[%d][%d]: %q is not a fitted place (places: %s)", b+1, i+1, id, strings.Join(places, ", ")))
			case owner[p] != 0:
				errs = append(errs, fmt.Sprintf("fit.blocks[%d][%d]: %q is already in blocks[%d]: a place belongs to one block", b+1, i+1, id, owner[p]))
			default:
				owner[p] = b + 1
				out[b] = append(out[b], p)
			}
		}
	}
	var none []string
	for p, id := range places {
		if owner[p] == 0 {
			none = append(none, id)
		}
	}
	if len(none) > 0 {
		errs = append(errs, fmt.Sprintf("fit.blocks: %q are in no block: every fitted place must be in one", none))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// checkBlocks checks a partition of n places (a [Spec]'s Blocks).
func checkBlocks(blocks [][]int, n int) error {
	seen := make([]bool, n)
	count := 0
	for b, towns := range blocks {
		if len(towns) == 0 {
			return fmt.Errorf("fit: block %d is empty", b+1)
		}
		for _, p := range towns {
			if p < 0 || p >= n || seen[p] {
				return fmt.Errorf("fit: the blocks are not a partition of the %d places (block %d holds place %d)", n, b+1, p)
			}
			seen[p] = true
			count++
		}
	}
	if count != n {
		return fmt.Errorf("fit: the blocks hold %d of the %d places: every place must be in one block", count, n)
	}
	return nil
}

// singleBlocks returns blocks of one place each.
func singleBlocks(n int) [][]int {
	out := make([][]int, n)
	for p := range out {
		out[p] = []int{p}
	}
	return out
}
