package model

import (
	"strings"
	"testing"
	"time"

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
	rf, err := DecodeRunFileDoc(doc, "x.toml", "")
	require.NoError(t, err)
	want, err := DecodeRunFile(strings.NewReader(text), "x.toml", "")
	require.NoError(t, err)
	assert.Equal(t, want.Params, rf.Params)
	assert.Equal(t, want.Types, rf.Types)
	assert.Equal(t, want.ScenarioName, rf.ScenarioName)

	doc["phases"].([]map[string]any)[0]["betta"] = 1.0
	doc["params"].(map[string]any)["sead"] = int64(1)
	_, err = DecodeRunFileDoc(doc, "x.toml", "")
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2, "one line per problem")
	assert.Equal(t, `params: unknown key "sead" (did you mean "seed"?)`, lines[0], "not prefixed with the name")
	assert.Equal(t, `phases[1].betta: unknown key (did you mean "beta"?)`, lines[1])
}

func TestRunFileDocHelpers(t *testing.T) {
	assert.Equal(t, []string{"compartments", "ensemble", "model", "output", "params", "phases", "scenario"}, RunFileKeys())
	for _, tc := range []struct {
		v    any
		want string
	}{{"s", "a string"}, {int64(1), "an integer"}, {1.5, "a float"}, {map[string]any{}, "a table"}, {[]any{}, "an array"}} {
		assert.Equal(t, tc.want, TOMLType(tc.v))
	}
	date := time.Date(2001, 2, 3, 0, 0, 0, 0, time.UTC)
	got := TOMLToJSON(map[string]any{"d": date, "l": []any{date}})
	assert.Equal(t, map[string]any{"d": "2001-02-03", "l": []any{"2001-02-03"}}, got)
}
