package model

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/components.md from the code")

// docsPath is the committed component reference.
var docsPath = filepath.Join("..", "docs", "components.md")

// TestComponentDocs keeps docs/components.md equal to the built-in
// catalogue (run `go test ./model -run TestComponentDocs -update` after
// changing a component).
func TestComponentDocs(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, writeComponentDocs(&b, builtinComponentTypes(), nil))
	if *updateDocs {
		require.NoError(t, os.WriteFile(docsPath, b.Bytes(), 0o644))
	}
	committed, err := os.ReadFile(docsPath)
	require.NoError(t, err)
	assert.Equal(t, b.String(), string(committed),
		"docs/components.md is stale: run go test ./model -run TestComponentDocs -update")
}

// TestCatalogueKeysMatchParams: every component documents exactly the keys
// its params encode to, in encoding order (a key left out when empty,
// KeyDoc.Omitted, such as Infection's tolerance, only when its default
// encodes it), and every documented alias is accepted in place of its key.
func TestCatalogueKeysMatchParams(t *testing.T) {
	for _, ct := range ComponentTypes() {
		t.Run(ct.GoName, func(t *testing.T) {
			data, err := json.Marshal(ct.Defaults())
			require.NoError(t, err)
			keys := orderedKeys(t, data)
			var documented []string
			for _, k := range ct.Keys {
				if k.Omitted && !slices.Contains(keys, k.Key) {
					continue
				}
				documented = append(documented, k.Key)
			}
			assert.Equal(t, keys, documented)

			base := map[string]any{}
			require.NoError(t, json.Unmarshal(data, &base))
			for k, v := range catalogueExamples[ct.GoName] {
				base[k] = v
			}
			for _, k := range ct.Keys {
				for _, alias := range k.Aliases {
					m := map[string]any{}
					for key, v := range base {
						m[key] = v
					}
					m[alias] = m[k.Key]
					delete(m, k.Key)
					data, err := json.Marshal(m)
					require.NoError(t, err)
					_, err = ct.Decode(data)
					assert.NoError(t, err, "alias %q of %q", alias, k.Key)
				}
			}
			_, err = ct.Decode([]byte(`{"surely_not_a_key": 1}`))
			assert.ErrorContains(t, err, `unknown key "surely_not_a_key"`)
		})
	}
}

// catalogueExamples complete default params that do not decode on their own
// (a required key).
var catalogueExamples = map[string]map[string]any{
	"SIACalendar": {"sia_schedule": []any{map[string]any{"id": "x", "date": "2000-01-01"}}},
}

// orderedKeys returns the keys of a JSON object in document order.
func orderedKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	_, err := dec.Token()
	require.NoError(t, err)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

// TestLookupComponentType accepts the three spellings and nothing else.
func TestLookupComponentType(t *testing.T) {
	for _, name := range []string{"Infection", "InfectionProcess", "infection"} {
		ct, ok := LookupComponentType(name)
		require.True(t, ok, name)
		assert.Equal(t, "Infection", ct.GoName)
	}
	_, ok := LookupComponentType("INFECTION")
	assert.False(t, ok)
	for in, want := range map[string]string{
		"SIACalendar": "sia_calendar", "FadeOutTracker": "fade_out_tracker", "InitializeEquilibriumStates": "initialize_equilibrium_states",
		"CaseSurveillanceTracker": "case_surveillance_tracker", "VitalDynamics": "vital_dynamics",
	} {
		assert.Equal(t, want, snakeCase(in))
	}
}
