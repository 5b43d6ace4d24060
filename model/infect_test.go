package model

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInfectRecover is SPEC AT-3.
func TestInfectRecover(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(0, 1))
	require.NoError(t, m.Infect([]int{0}, []int64{10}))
	assert.Equal(t, Counts{S: 99990, I: 10}, m.Patches().Get(0))

	before := []Counts{m.Patches().Get(0), m.Patches().Get(1)}
	cases := []struct {
		name    string
		op      func() error
		message string
	}{
		{"index too large", func() error { return m.Infect([]int{0, 7}, []int64{1}) }, "infect: index 7 out of range [0, 2)"},
		{"negative index", func() error { return m.Recover([]int{-1}, []int64{1}) }, "recover: index -1 out of range [0, 2)"},
		{"duplicate index", func() error { return m.Infect([]int{1, 1}, []int64{1}) }, "infect: duplicate index 1"},
		{"count length", func() error { return m.Infect([]int{0, 1}, []int64{1, 2, 3}) }, "infect: 3 counts for 2 indices"},
		{"negative count", func() error { return m.Infect([]int{1, 0}, []int64{1, -2}) }, "negative"},
		{"more than S", func() error { return m.Infect([]int{1, 0}, []int64{1, 100000}) },
			`infect: patch 0 ("patch_1") has S=99990, cannot infect 100000`},
		{"more than I", func() error { return m.Recover([]int{0, 1}, []int64{5}) },
			`recover: patch 1 ("patch_2") has I=0, cannot recover 5`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.op()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.message)
			assert.Equal(t, before, []Counts{m.Patches().Get(0), m.Patches().Get(1)}, "an error changes nothing")
		})
	}

	require.NoError(t, m.Recover([]int{0}, []int64{4}))
	assert.Equal(t, Counts{S: 99990, I: 6, R: 4}, m.Patches().Get(0))

	require.NoError(t, m.Infect([]int{0, 1}, []int64{3}), "one count broadcasts to every index")
	assert.Equal(t, Counts{S: 99987, I: 9, R: 4}, m.Patches().Get(0))
	assert.Equal(t, Counts{S: 49997, I: 3}, m.Patches().Get(1))

	require.NoError(t, m.Infect(nil, nil), "empty indices are a no-op")
	assert.Equal(t, Counts{S: 99987 + 49997, I: 12, R: 4}, m.Patches().Totals())
}
