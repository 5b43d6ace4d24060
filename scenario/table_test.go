package scenario

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// threePatches is the AT-2 TotalPop fixture: pops 1000/2000/1500 (SPEC §12).
func threePatches(t *testing.T) *Table {
	t.Helper()
	tab, err := FromColumns(
		[]string{"a", "b", "c"},
		[]int64{1000, 2000, 1500},
		[]float64{10, 20, 30},
		[]float64{-10, -20, -30},
		[]float64{0.1, 0.2, 0.3},
	)
	require.NoError(t, err)
	return tab
}

func TestTotalPopAT2(t *testing.T) {
	// SPEC §12 AT-2: TotalPop() = 4500 for pops 1000/2000/1500.
	assert.Equal(t, int64(4500), threePatches(t).TotalPop())
}

func TestLenAndIndex(t *testing.T) {
	tab := threePatches(t)
	assert.Equal(t, 3, tab.Len())
	for _, tc := range []struct {
		id   string
		want int
		ok   bool
	}{
		{"a", 0, true},
		{"c", 2, true},
		{"b", 1, true},
		{"d", -1, false},
		{"A", -1, false}, // ids are case-sensitive
		{"", -1, false},
	} {
		i, ok := tab.Index(tc.id)
		assert.Equal(t, tc.ok, ok, tc.id)
		if ok {
			assert.Equal(t, tc.want, i, tc.id)
		}
	}
}

func TestFromColumnsCopies(t *testing.T) {
	id := []string{"a", "b"}
	pop := []int64{1, 2}
	lat := []float64{1, 2}
	lon := []float64{3, 4}
	mcv1 := []float64{0.5, 0.6}
	tab, err := FromColumns(id, pop, lat, lon, mcv1)
	require.NoError(t, err)

	id[0], pop[0], lat[0], lon[0], mcv1[0] = "z", 99, 9, 9, 0.9
	assert.Equal(t, []string{"a", "b"}, tab.ID)
	assert.Equal(t, []int64{1, 2}, tab.Pop)
	assert.Equal(t, []float64{1, 2}, tab.Lat)
	assert.Equal(t, []float64{3, 4}, tab.Lon)
	assert.Equal(t, []float64{0.5, 0.6}, tab.MCV1)
	assert.Empty(t, tab.ExtraNames())
}

func TestFromColumnsErrors(t *testing.T) {
	f := []float64{1, 2}
	_, err := FromColumns([]string{"a", "b"}, []int64{1}, f, f, f)
	require.ErrorIs(t, err, ErrColumnLength)
	assert.EqualError(t, err, "scenario: column lengths differ: id 2, pop 1, lat 2, lon 2, mcv1 2")

	_, err = FromColumns(nil, nil, nil, nil, nil)
	require.ErrorIs(t, err, ErrNoPatches)
	assert.EqualError(t, err, "scenario: no patches")

	_, err = FromColumns([]string{"a", "a"}, []int64{1, -1}, f, f, []float64{0, 0})
	assert.EqualError(t, err, "row 2, column \"id\": \"a\" duplicates row 1\n"+
		"row 2, column \"pop\": \"-1\": must be >= 0")
}

func TestCloneIsDeep(t *testing.T) {
	orig := threePatches(t)
	require.NoError(t, orig.SetExtra("zone", []string{"n", "s", "e"}))
	want := orig.Clone()
	require.Equal(t, orig, want)

	c := orig.Clone()
	c.ID[0], c.Pop[0], c.Lat[0], c.Lon[0], c.MCV1[0] = "x", 7, 7, 7, 0.7
	c.extra["zone"][0] = "changed"
	require.NoError(t, c.SetExtra("new", []string{"1", "2", "3"}))
	assert.Equal(t, want, orig, "changing the clone must not change the original")

	var nilTable *Table
	assert.Nil(t, nilTable.Clone())
}

func TestExtraAccessorsReturnCopies(t *testing.T) {
	tab := threePatches(t)
	require.NoError(t, tab.SetExtra("zone", []string{"n", "s", "e"}))
	require.NoError(t, tab.SetExtra("admin", []string{"1", "2", "3"}))

	names := tab.ExtraNames()
	assert.Equal(t, []string{"zone", "admin"}, names)
	names[0] = "mutated"
	assert.Equal(t, []string{"zone", "admin"}, tab.ExtraNames())

	zone, ok := tab.Extra("zone")
	require.True(t, ok)
	assert.Equal(t, []string{"n", "s", "e"}, zone)
	zone[0] = "mutated"
	zone, _ = tab.Extra("zone")
	assert.Equal(t, []string{"n", "s", "e"}, zone)

	_, ok = tab.Extra("pop") // required columns are not extras
	assert.False(t, ok)
	_, ok = tab.Extra("missing")
	assert.False(t, ok)
}

func TestSetExtra(t *testing.T) {
	tab := threePatches(t)
	require.NoError(t, tab.SetExtra("zone", []string{"n", "s", "e"}))
	require.NoError(t, tab.SetExtra("admin", []string{"1", "2", "3"}))
	// Replacing keeps the position.
	require.NoError(t, tab.SetExtra("zone", []string{"x", "y", "z"}))
	assert.Equal(t, []string{"zone", "admin"}, tab.ExtraNames())
	zone, _ := tab.Extra("zone")
	assert.Equal(t, []string{"x", "y", "z"}, zone)

	for _, tc := range []struct {
		name   string
		values []string
		msg    string
	}{
		{"", []string{"1", "2", "3"}, `scenario: extra column name is empty`},
		{"pop", []string{"1", "2", "3"}, `scenario: "pop" is a required column, not an extra column`},
		{"short", []string{"1"}, `scenario: extra column "short" has 1 values, the table has 3 rows`},
	} {
		before := tab.Clone()
		assert.EqualError(t, tab.SetExtra(tc.name, tc.values), tc.msg)
		assert.Equal(t, before, tab, "a failed SetExtra changes nothing")
	}
}

func TestProblemsUnwrap(t *testing.T) {
	tab := threePatches(t)
	tab.Pop[1] = -3
	tab.Lat[2] = 100
	err := tab.Validate()
	var probs Problems
	require.True(t, errors.As(err, &probs))
	require.Len(t, probs, 2)

	var ce *CellError
	require.True(t, errors.As(err, &ce))
	assert.Equal(t, CellError{Row: 2, Column: "pop", Value: "-3", Reason: `"-3": must be >= 0`}, *ce)
}
