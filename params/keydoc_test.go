package params_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

type keydocInner struct {
	Level int `json:"level" doc:"grouping level"`
}

type keydocParams struct {
	Rate  float64 `json:"rate" alias:"r,the_rate" doc:"rate per tick"`
	Hide  string  `json:"-" doc:"not a key"`
	File  string  `json:"file,omitempty" path:"relative" doc:"a CSV file"`
	Plain bool
	keydocInner
	Filter func(string) bool
	quiet  int
}

// TestKeyDocs: keys in encoding order with tag aliases first, then the
// rules' other aliases sorted; paths flagged; non-keys skipped.
func TestKeyDocs(t *testing.T) {
	rules := params.KeyRules{Aliases: map[string]string{"rt": "rate", "r": "rate", "lvl": "level", "old": "gone"}}
	want := []params.KeyDoc{
		{Key: "rate", Aliases: []string{"r", "the_rate", "rt"}, Doc: "rate per tick"},
		{Key: "file", Doc: "a CSV file", Path: true, Omitted: true},
		{Key: "Plain"},
		{Key: "level", Aliases: []string{"lvl"}, Doc: "grouping level"},
	}
	cases := []struct {
		name string
		def  any
		want []params.KeyDoc
	}{
		{"struct", keydocParams{quiet: 1}, want},
		{"pointer", &keydocParams{}, want},
		{"no keys", struct{}{}, nil},
		{"not a struct", 3, nil},
		{"nil", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, params.KeyDocs(tc.def, rules))
		})
	}
}

// TestTagAliasesDecode: aliases declared by tags are accepted by strict
// decoding like any alias, without rules listing them: each alias tag of
// keydocParams sets its key, a close misspelling is suggested, and an alias
// given with its key is a conflict.
func TestTagAliasesDecode(t *testing.T) {
	for _, alias := range []string{"r", "the_rate"} {
		p := keydocParams{}
		require.NoError(t, params.DecodeStrict([]byte(`{"`+alias+`": 2}`), &p, params.KeyRules{Component: "C"}), alias)
		assert.InDelta(t, 2.0, p.Rate, 0, alias)
	}
	p := keydocParams{}
	err := params.DecodeStrict([]byte(`{"the_rat": 2}`), &p, params.KeyRules{Component: "C"})
	assert.EqualError(t, err, `C: unknown key "the_rat" (did you mean "the_rate"?)`)
	err = params.DecodeStrict([]byte(`{"rate": 1, "r": 2}`), &p, params.KeyRules{Component: "C"})
	assert.EqualError(t, err, `C: keys "r" and "rate" both set the same parameter`)
	inner := keydocInner{}
	err = params.DecodeStrict([]byte(`{"r": 2}`), &inner, params.KeyRules{Component: "C"})
	assert.ErrorContains(t, err, `unknown key "r"`, "a struct without alias tags has no aliases")
}

// aliasIsKey declares an alias that is another field's key.
type aliasIsKey struct {
	Rate float64 `json:"rate" alias:"seed"`
	Seed int     `json:"seed"`
}

// TestAliasTagIsKey: an alias tag naming a key is a programming error.
func TestAliasTagIsKey(t *testing.T) {
	p := aliasIsKey{}
	err := params.DecodeStrict([]byte(`{}`), &p, params.KeyRules{Component: "C"})
	assert.EqualError(t, err, `params.DecodeStrict: C: alias tag "seed" is itself a key`)
}

type keydocBase struct {
	Rate float64 `json:"rate" path:"relative" doc:"hidden by the outer rate"`
	Seed int     `json:"seed" doc:"random seed"`
}

type keydocLocked struct {
	Secret string `json:"secret" doc:"behind an unexported pointer"`
}

// KeydocNode embeds a pointer to itself (exported: encoding/json walks it).
type KeydocNode struct {
	*KeydocNode
	Depth int `json:"depth"`
}

type keydocShadow struct {
	keydocBase
	*keydocLocked
	Rate float64 `json:"rate" alias:"r" doc:"the rate that decodes"`
}

// TestKeyDocsFollowDecodeStrict: KeyDocs documents exactly the keys
// DecodeStrict knows (a shallower field hides a deeper one, an unexported
// embedded pointer contributes nothing), in encoding order.
func TestKeyDocsFollowDecodeStrict(t *testing.T) {
	want := []params.KeyDoc{
		{Key: "seed", Doc: "random seed"},
		{Key: "rate", Aliases: []string{"r"}, Doc: "the rate that decodes"},
	}
	cases := []struct {
		name string
		got  any
		want any
	}{
		{"docs", params.KeyDocs(keydocShadow{}, params.KeyRules{}), want},
		{"embedded cycle", params.KeyDocs(KeydocNode{}, params.KeyRules{}), []params.KeyDoc{{Key: "depth"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.got)
		})
	}
	p := keydocShadow{}
	err := params.DecodeStrict([]byte(`{"secret": "x"}`), &p, params.KeyRules{Component: "C"})
	assert.ErrorContains(t, err, `unknown key "secret"`, "the decoder does not know the key either")
	require.NoError(t, params.DecodeStrict([]byte(`{"r": 3}`), &p, params.KeyRules{Component: "C"}))
	assert.InDelta(t, 3.0, p.Rate, 0, "the alias tag of the rate that decodes sets it")
	assert.Zero(t, p.keydocBase.Rate, "the hidden rate is untouched")
}
