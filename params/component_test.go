package params

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type rateParams struct {
	Rate float64 `json:"rate"`
}

func (p rateParams) Validate() error {
	if p.Rate < 0 {
		return errors.New("rate must be >= 0")
	}
	return nil
}

func TestResolve(t *testing.T) {
	def := rateParams{Rate: 2}
	got, err := Resolve(nil, def)
	require.NoError(t, err)
	assert.Equal(t, def, got, "nil means the defaults")
	got, err = Resolve(&rateParams{Rate: 5}, def)
	require.NoError(t, err)
	assert.Equal(t, 5.0, got.Rate)
	_, err = Resolve(&rateParams{Rate: -1}, def)
	require.EqualError(t, err, "rate must be >= 0")
}

func TestDecodeComponent(t *testing.T) {
	rules := KeyRules{Component: "Demo", Aliases: map[string]string{"r": "rate"}}
	got, err := DecodeComponent([]byte(`{"r": 3}`), rateParams{Rate: 2}, rules)
	require.NoError(t, err)
	assert.Equal(t, 3.0, got.Rate)
	got, err = DecodeComponent([]byte(`{}`), rateParams{Rate: 2}, rules)
	require.NoError(t, err)
	assert.Equal(t, 2.0, got.Rate, "defaults first")
	_, err = DecodeComponent([]byte(`{"rte": 3}`), rateParams{}, rules)
	require.ErrorContains(t, err, `Demo: unknown key "rte" (did you mean "rate"?)`)
	_, err = DecodeComponent([]byte(`{"rate": -3}`), rateParams{}, rules)
	require.EqualError(t, err, "rate must be >= 0")
}
