package params_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

// AT-1: JSON {"nticks":5} is an error naming nticks and hinting num_ticks.
func TestDecodeJSONUnknownKeyHint(t *testing.T) {
	_, err := params.DecodeJSON(strings.NewReader(`{"nticks":5}`))
	require.EqualError(t, err, `params: unknown key "nticks" (did you mean "num_ticks"?)`)

	var ke *params.KeyError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, params.UnknownKey, ke.Kind)
	assert.Equal(t, "nticks", ke.Key)
	assert.Equal(t, "num_ticks", ke.Suggestion)
}

func TestDecodeJSON(t *testing.T) {
	withDefaults := func(edit func(*params.BiweeklyParams)) params.BiweeklyParams {
		p := params.Default()
		edit(&p)
		return p
	}
	tests := []struct {
		name string
		in   string
		want params.BiweeklyParams
	}{
		{"empty object", `{}`, params.Default()},
		{"one key", `{"num_ticks": 5}`, withDefaults(func(p *params.BiweeklyParams) { p.NumTicks = 5 })},
		{"zero ticks", `{"num_ticks": 0}`, withDefaults(func(p *params.BiweeklyParams) { p.NumTicks = 0 })},
		{"every key", `{"seed": 7, "start_time": "2023-06-15", "num_ticks": 52, "verbose": true,
			"show_progress": false, "use_numba": false}`,
			params.BiweeklyParams{Seed: 7, StartTime: "2023-06", NumTicks: 52, Verbose: true}},
		// Integer keys accept exact integral values in any spelling.
		{"integral float", `{"num_ticks": 5.0}`, withDefaults(func(p *params.BiweeklyParams) { p.NumTicks = 5 })},
		{"exponent", `{"num_ticks": 1e2, "seed": 0.5e1}`,
			withDefaults(func(p *params.BiweeklyParams) { p.NumTicks = 100; p.Seed = 5 })},
		{"seed zero", `{"seed": 0}`, withDefaults(func(p *params.BiweeklyParams) { p.Seed = 0 })},
		{"negative zero seed", `{"seed": -0}`, withDefaults(func(p *params.BiweeklyParams) { p.Seed = 0 })},
		{"max seed", `{"seed": 18446744073709551615}`,
			withDefaults(func(p *params.BiweeklyParams) { p.Seed = 18446744073709551615 })},
		{"whitespace", " \n\t{ } \n", params.Default()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := params.DecodeJSON(strings.NewReader(tc.in))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDecodeJSONErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the whole message
	}{
		{"wrong type", `{"num_ticks": "5"}`, `params: key "num_ticks": expected integer, got string`},
		{"fractional", `{"num_ticks": 5.5}`, `params: key "num_ticks": expected integer, got 5.5`},
		{"tiny fraction", `{"num_ticks": 5.0000000000000000001}`,
			`params: key "num_ticks": expected integer, got 5.0000000000000000001`},
		{"negative seed", `{"seed": -1}`, `params: key "seed": expected non-negative integer, got -1`},
		{"fractional seed", `{"seed": 1.5}`, `params: key "seed": expected integer, got 1.5`},
		{"seed too big", `{"seed": 18446744073709551616}`,
			`params: key "seed": expected integer, got 18446744073709551616 (out of range)`},
		{"seed huge exponent", `{"seed": 1e999999999999}`,
			`params: key "seed": expected integer, got 1e999999999999 (out of range)`},
		{"seed string", `{"seed": "7"}`, `params: key "seed": expected integer, got string`},
		{"bool", `{"verbose": "yes"}`, `params: key "verbose": expected boolean, got string`},
		{"bool number", `{"use_numba": 1}`, `params: key "use_numba": expected boolean, got number`},
		{"string", `{"start_time": 2000}`, `params: key "start_time": expected string, got number`},
		{"null", `{"num_ticks": null}`, `params: key "num_ticks": expected integer, got null`},
		{"list", `{"show_progress": [true]}`, `params: key "show_progress": expected boolean, got list`},
		{"object", `{"seed": {}}`, `params: key "seed": expected integer, got object`},
		{"negative ticks", `{"num_ticks": -1}`, `params: num_ticks: must be >= 0, got -1`},
		{"case matters", `{"Seed": 1}`, `params: unknown key "Seed" (did you mean "seed"?)`},
		{"no hint", `{"zzzzzz": 1}`,
			`params: unknown key "zzzzzz" (known keys: seed, start_time, num_ticks, verbose, show_progress, use_numba)`},
		{"duplicate", `{"seed": 1, "seed": 2}`, `params: key "seed": given more than once`},
		{"not an object", `[1, 2]`, `params: expected a JSON object, got list`},
		{"string document", `"x"`, `params: expected a JSON object, got string`},
		{"null document", `null`, `params: expected a JSON object, got null`},
		{"empty", ``, `params: empty input, expected a JSON object`},
		{"trailing", `{} {}`, "params: invalid JSON at line 1, column 4: invalid character '{' after top-level value"},
		{"truncated", `{"seed": 1`, `params: invalid JSON: unexpected end of input`},
		{"syntax", "{\n  \"seed\": 1,\n}", `params: invalid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string`},
		{"several", `{"nticks": 5, "seed": "x", "verbos": true}`,
			"params: unknown key \"nticks\" (did you mean \"num_ticks\"?)\n" +
				"params: key \"seed\": expected integer, got string\n" +
				"params: unknown key \"verbos\" (did you mean \"verbose\"?)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := params.DecodeJSON(strings.NewReader(tc.in))
			require.EqualError(t, err, tc.want)
			assert.Equal(t, params.BiweeklyParams{}, p)
		})
	}
}

// AT-1: TOML with every key.
func TestDecodeTOMLEveryKey(t *testing.T) {
	in := `
seed = 42
start_time = "2001-01-20"
num_ticks = 27
verbose = true
show_progress = false
use_numba = false
`
	got, err := params.DecodeTOML(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, params.BiweeklyParams{
		Seed: 42, StartTime: "2001-01", NumTicks: 27, Verbose: true, ShowProgress: false, Parallel: false,
	}, got)
}

func TestDecodeTOML(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    func(*params.BiweeklyParams) // nil = error expected
		wantErr string
	}{
		{name: "empty", in: "", want: func(*params.BiweeklyParams) {}},
		{name: "comment only", in: "# nothing\n", want: func(*params.BiweeklyParams) {}},
		{name: "integral float", in: "num_ticks = 5.0", want: func(p *params.BiweeklyParams) { p.NumTicks = 5 }},
		{name: "hex int", in: "seed = 0xff", want: func(p *params.BiweeklyParams) { p.Seed = 255 }},
		{name: "fractional", in: "num_ticks = 5.5", wantErr: `params: key "num_ticks": expected integer, got 5.5`},
		{name: "negative seed", in: "seed = -3", wantErr: `params: key "seed": expected non-negative integer, got -3`},
		{name: "wrong type", in: `num_ticks = "5"`, wantErr: `params: key "num_ticks": expected integer, got string`},
		{name: "nan", in: "num_ticks = nan", wantErr: `params: key "num_ticks": expected integer, got non-finite number NaN`},
		{name: "unknown", in: "nticks = 5", wantErr: `params: unknown key "nticks" (did you mean "num_ticks"?)`},
		{name: "table", in: "[seed]\nx = 1", wantErr: `params: key "seed": expected integer, got object`},
		{name: "array", in: "verbose = [true]", wantErr: `params: key "verbose": expected boolean, got list`},
		{name: "datetime start", in: "start_time = 2000-01-15",
			wantErr: `params: key "start_time": expected string, got datetime (quote it: "2000-01-15")`},
		{name: "offset datetime", in: "start_time = 2000-01-15T10:00:00Z",
			wantErr: `params: key "start_time": expected string, got datetime (quote it: "2000-01-15T10:00:00Z")`},
		{name: "datetime ticks", in: "num_ticks = 2000-01-15",
			wantErr: `params: key "num_ticks": expected integer, got datetime`},
		{name: "negative ticks", in: "num_ticks = -2", wantErr: `params: num_ticks: must be >= 0, got -2`},
		{name: "bad start", in: `start_time = "2000"`,
			wantErr: `params: start_time: "2000" is not a YYYY-MM or YYYY-MM-DD date`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := params.DecodeTOML(strings.NewReader(tc.in))
			if tc.want == nil {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			want := params.Default()
			tc.want(&want)
			assert.Equal(t, want, got)
		})
	}
}

func TestDecodeTOMLSyntaxError(t *testing.T) {
	_, err := params.DecodeTOML(strings.NewReader("seed = = 1"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "params: not a valid TOML file: "), err.Error())
	var pe toml.ParseError
	assert.ErrorAs(t, err, &pe, "the TOML parse error (with its position) stays reachable")
}

func TestDecodeNestingBounded(t *testing.T) {
	// Issue 26, item 2: every params format refuses nesting past 64 levels
	// before parsing, naming the key and line (32 000 levels, as in the
	// issue's 64 KB file).
	deep := strings.Repeat("[", 32000) + "1" + strings.Repeat("]", 32000)
	const tail = "nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)"
	tests := []struct {
		name   string
		decode func(string) (params.BiweeklyParams, error)
		in     string
		want   string
	}{
		{"JSON", func(s string) (params.BiweeklyParams, error) { return params.DecodeJSON(strings.NewReader(s)) },
			"{\"seed\": 1,\n\"num_ticks\": " + deep + "}", "params: num_ticks (line 2): " + tail},
		{"TOML", func(s string) (params.BiweeklyParams, error) { return params.DecodeTOML(strings.NewReader(s)) },
			"seed = 1\nnum_ticks = " + deep + "\n", "params: num_ticks (line 2): " + tail},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.decode(tc.in)
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestDecodeMap(t *testing.T) {
	p, err := params.DecodeMap(nil)
	require.NoError(t, err)
	assert.Equal(t, params.Default(), p)

	p, err = params.DecodeMap(map[string]any{"num_ticks": 3, "seed": uint64(9), "verbose": true})
	require.NoError(t, err)
	assert.Equal(t, 3, p.NumTicks)
	assert.Equal(t, uint64(9), p.Seed)
	assert.True(t, p.Verbose)
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
		return path
	}

	p, err := params.LoadFile(write("run.json", `{"num_ticks": 10, "seed": 3}`))
	require.NoError(t, err)
	assert.Equal(t, 10, p.NumTicks)
	assert.Equal(t, uint64(3), p.Seed)

	p, err = params.LoadFile(write("run.toml", "num_ticks = 11\nstart_time = \"1999-12\""))
	require.NoError(t, err)
	assert.Equal(t, 11, p.NumTicks)
	assert.Equal(t, "1999-12", p.StartTime)

	p, err = params.LoadFile(write("RUN.TOML", "num_ticks = 12"))
	require.NoError(t, err, "extension matched case-insensitively")
	assert.Equal(t, 12, p.NumTicks)

	path := write("run.yaml", "num_ticks: 1")
	_, err = params.LoadFile(path)
	require.EqualError(t, err, path+`: params: unsupported file extension ".yaml" (want .json or .toml)`)

	path = write("noext", "{}")
	_, err = params.LoadFile(path)
	require.EqualError(t, err, path+`: params: unsupported file extension "" (want .json or .toml)`)

	missing := filepath.Join(dir, "missing.json")
	_, err = params.LoadFile(missing)
	require.Error(t, err)
	assert.True(t, errors.Is(err, os.ErrNotExist))
	assert.Contains(t, err.Error(), missing)

	// Every line of a multi-problem message names the file.
	path = write("bad.json", `{"nticks": 5, "seed": -1}`)
	_, err = params.LoadFile(path)
	require.EqualError(t, err,
		path+`: params: unknown key "nticks" (did you mean "num_ticks"?)`+"\n"+
			path+`: params: key "seed": expected non-negative integer, got -1`)
	assert.Len(t, params.KeyErrors(err), 2, "key errors stay reachable through the prefix")

	path = write("bad.toml", "start_time = 2000-01-15")
	_, err = params.LoadFile(path)
	require.EqualError(t, err, path+`: params: key "start_time": expected string, got datetime (quote it: "2000-01-15")`)
}

// BiweeklyParams inside a larger document decodes with the same rules.
func TestEmbeddedDecoding(t *testing.T) {
	type runFile struct {
		Params params.BiweeklyParams `json:"params" toml:"params"`
		Name   string                `json:"name" toml:"name"`
	}

	var rj runFile
	require.NoError(t, json.Unmarshal([]byte(`{"name": "x", "params": {"num_ticks": 5}}`), &rj))
	want := params.Default()
	want.NumTicks = 5
	assert.Equal(t, want, rj.Params, "absent keys take the defaults")

	err := json.Unmarshal([]byte(`{"params": {"nticks": 5}}`), &rj)
	require.ErrorContains(t, err, `params: unknown key "nticks" (did you mean "num_ticks"?)`)

	var rt runFile
	_, err = toml.Decode("name = \"y\"\n[params]\nnum_ticks = 5\nstart_time = \"2010-03-09\"\n", &rt)
	require.NoError(t, err)
	want.StartTime = "2010-03"
	assert.Equal(t, want, rt.Params)

	_, err = toml.Decode("[params]\nnticks = 5\n", &rt)
	require.ErrorContains(t, err, `params: unknown key "nticks" (did you mean "num_ticks"?)`)

	var p params.BiweeklyParams
	require.ErrorContains(t, p.UnmarshalTOML(int64(3)), "params: expected a table, got integer")
	assert.Equal(t, params.BiweeklyParams{}, p, "unchanged on error")
}
