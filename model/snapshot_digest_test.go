package model

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// bitFlipsPerForm is how many random single-bit flips each snapshot form
// gets in TestSnapshotBitFlipsRefused: issue 26 found 6 silent changes in
// 50 flips of an uncompressed snapshot; 150 per form keeps the test
// under a second while hitting every part of the file many times.
const bitFlipsPerForm = 150

// TestSnapshotBitFlipsRefused flips random bits of every snapshot form
// (plain JSON and gzip; biweekly, compartmental, ensemble) and loads each
// damaged file. The rule (docs/outputs.md): every flip is refused, except
// a flip of a gzip file whose decompressed content is byte-identical to
// the original's (gzip header fields such as MTIME, OS or the FTEXT flag,
// which the content does not depend on) — such a file loads the same
// state, so the flip is harmless.
func TestSnapshotBitFlipsRefused(t *testing.T) {
	scn := snapshotScenario(t)
	single := func(t *testing.T, mt string, path string) func(string) error {
		m, err := New(scn, quietParams(5, 1), WithType(mt), WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(StandardComponents(mt)...))
		require.NoError(t, m.RunTicks(context.Background(), 2))
		require.NoError(t, m.SaveSnapshot(path))
		return func(p string) error { _, err := LoadSnapshot(p, nil, WithStdout(io.Discard)); return err }
	}
	ensemble := func(t *testing.T, _ string, path string) func(string) error {
		e, err := NewEnsemble(scn, quietParams(5, 1), 2, WithStdout(io.Discard))
		require.NoError(t, err)
		require.NoError(t, e.SetComponents(DefaultComponents()...))
		require.NoError(t, e.RunTicks(context.Background(), 2))
		require.NoError(t, e.SaveSnapshot(path))
		return func(p string) error { _, err := LoadEnsembleSnapshot(p, nil, WithStdout(io.Discard)); return err }
	}
	for _, tc := range []struct {
		name, file, model string
		save              func(t *testing.T, mt string, path string) func(string) error
	}{
		{"biweekly plain", "b.json", TypeBiweekly, single},
		{"biweekly gzip", "b.snap", TypeBiweekly, single},
		{"compartmental plain", "c.json", TypeCompartmental, single},
		{"compartmental gzip", "c.snap", TypeCompartmental, single},
		{"ensemble plain", "e.json", TypeBiweekly, ensemble},
		{"ensemble gzip", "e.snap", TypeBiweekly, ensemble},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			good := filepath.Join(dir, tc.file)
			load := tc.save(t, tc.model, good)
			require.NoError(t, load(good), "the undamaged snapshot loads")
			original, err := os.ReadFile(good)
			require.NoError(t, err)
			content := snapshotContentOf(t, original)
			rnd := rand.New(rand.NewPCG(26, 8)) // issue 26, item 8: any fixed seed
			damaged := filepath.Join(dir, "damaged"+filepath.Ext(tc.file))
			for range bitFlipsPerForm {
				pos, bit := rnd.IntN(len(original)), rnd.IntN(8)
				data := bytes.Clone(original)
				data[pos] ^= 1 << bit
				require.NoError(t, os.WriteFile(damaged, data, 0o644))
				if load(damaged) == nil {
					require.Equal(t, content, snapshotContentOf(t, data),
						"byte %d bit %d: a flip that loads must leave the content unchanged", pos, bit)
				}
			}
		})
	}
}

// snapshotContentOf returns a snapshot file's content: gunzipped when it
// is gzip, else data itself (nil when the gzip stream is damaged).
func snapshotContentOf(t *testing.T, data []byte) []byte {
	t.Helper()
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil
	}
	return out
}
