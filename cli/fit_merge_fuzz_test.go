package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/fit"
)

// FuzzFitMerge feeds two arbitrary shard files (shards 0 and 1 of 2) to
// `fit merge`'s reader: it never panics, and merged points are in index
// order, each index once.
func FuzzFitMerge(f *testing.F) {
	grid := fit.ProfileGrid("r0", []float64{30, 50}, 1)
	head := "parameter,index,value,start,loglik,se,r0,profile_grid\n"
	f.Add([]byte(head+"r0,0,30,0,-100,0.5,30,"+grid+"\n"), []byte(head+"r0,1,50,0,-101,0.5,50,"+grid+"\n"))
	f.Add([]byte(head+"r0,0,30,0,-100,0.5,30,"+grid+"\n"), []byte(head+"r0,1,50,0,-101,0.5,50,0123456789abcdef\n"))
	f.Add([]byte(head+"r0,0,30,0,-100,0.5,30,"+grid+"\n"), []byte(head+"r0,0,31,0,-101,0.5,31,"+grid+"\n"))
	f.Add([]byte("parameter,index,value,start,loglik,se\nr0,0,30,0,-100,0.5\n"), []byte(""))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, a, b []byte) {
		d := filepath.Join(dir, "shards")
		require.NoError(t, os.RemoveAll(d))
		require.NoError(t, os.MkdirAll(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, fit.ProfileShardFile(0, 2)), a, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(d, fit.ProfileShardFile(1, 2)), b, 0o644))
		_, points, err := readProfileShards([]string{d})
		if err != nil {
			return
		}
		for k := 1; k < len(points); k++ {
			require.Less(t, points[k-1].Index, points[k].Index)
		}
	})
}
