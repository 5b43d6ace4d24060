package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/components"
)

func testData(n int) PatchData {
	d := PatchData{Pop: make([]int64, n), Lat: make([]float64, n), Lon: make([]float64, n), MCV1: make([]float64, n)}
	for k := range n {
		d.Pop[k] = int64(1000 * (k + 1))
		d.Lat[k] = float64(k) / 10
		d.Lon[k] = -float64(k) / 10
		d.MCV1[k] = float64(k%10) / 10
	}
	return d
}

func TestNewWorldColumnsInRowOrder(t *testing.T) {
	// 600 patches span three rng blocks of 256 and several Ark growth steps.
	const n = 600
	d := testData(n)
	w, err := NewWorld(d)
	require.NoError(t, err)
	require.Equal(t, n, w.Len())
	assert.Equal(t, d.Pop, w.S())
	assert.Equal(t, d.Pop, w.Pop())
	assert.Equal(t, d.MCV1, w.MCV1())
	assert.Equal(t, make([]int64, n), w.I())
	assert.Equal(t, make([]int64, n), w.R())
	for k, l := range w.Locations() {
		assert.Equal(t, components.Location{Lat: d.Lat[k], Lon: d.Lon[k]}, l)
	}
}

func TestColumnViewsAliasStorage(t *testing.T) {
	w, err := NewWorld(testData(3))
	require.NoError(t, err)
	w.I()[1] = 42
	col, err := w.State("I")
	require.NoError(t, err)
	assert.Equal(t, int64(42), col[1])
	typed, err := Column[components.Infectious](w)
	require.NoError(t, err)
	assert.Equal(t, components.Infectious(42), typed[1])
}

func TestStateLookup(t *testing.T) {
	w, err := NewWorld(testData(2))
	require.NoError(t, err)
	assert.Equal(t, []string{"S", "I", "R"}, w.StateNames())
	_, err = w.State("E")
	require.ErrorContains(t, err, `unknown state "E"`)
}

func TestNewWorldRejectsRaggedData(t *testing.T) {
	d := testData(3)
	d.Lat = d.Lat[:2]
	_, err := NewWorld(d)
	require.ErrorContains(t, err, "differ in length")
}

func TestEmptyWorld(t *testing.T) {
	w, err := NewWorld(PatchData{})
	require.NoError(t, err)
	assert.Equal(t, 0, w.Len())
	assert.Empty(t, w.S())
}

func TestResources(t *testing.T) {
	type counter struct{ N int }
	w, err := NewWorld(testData(1))
	require.NoError(t, err)
	assert.Nil(t, GetResource[counter](w))
	AddResource(w, &counter{N: 1})
	AddResource(w, &counter{N: 2})
	assert.Equal(t, 2, GetResource[counter](w).N)
}
