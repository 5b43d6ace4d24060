package runfile

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecodeRunFileDoc decodes a parsed document like the same text read
// by DecodeRunFile, with its problems unprefixed.
func TestDecodeRunFileDoc(t *testing.T) {
	const text = `scenario = { builder = "two_patch" }
[params]
seed = 9
[[phases]]
type = "Infection"
beta = 0.7
[[phases]]
type = "StateTracker"
`
	var doc map[string]any
	_, err := toml.Decode(text, &doc)
	require.NoError(t, err)
	rf, err := DecodeDoc(doc, "x.toml", "")
	require.NoError(t, err)
	want, err := Decode(strings.NewReader(text), "x.toml", "")
	require.NoError(t, err)
	assert.Equal(t, want.Params, rf.Params)
	assert.Equal(t, want.Types, rf.Types)
	assert.Equal(t, want.ScenarioName, rf.ScenarioName)

	doc["phases"].([]map[string]any)[0]["betta"] = 1.0
	doc["params"].(map[string]any)["sead"] = int64(1)
	_, err = DecodeDoc(doc, "x.toml", "")
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2, "one line per problem")
	assert.Equal(t, `params: unknown key "sead" (did you mean "seed"?)`, lines[0], "not prefixed with the name")
	assert.Equal(t, `phases[1].betta: unknown key (did you mean "beta"?)`, lines[1])
}

// TestKeys: the top-level keys a sweep may set (SPEC §11's run file).
func TestKeys(t *testing.T) {
	assert.Equal(t, []string{"compartments", "ensemble", "model", "output", "params", "phases", "scenario", "start_date"}, Keys())
}
