package ecs

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/components"
)

type (
	exposed    int64
	waning     int64
	vaccinated int64
)

func TestNewWorldStoresExtraCompartments(t *testing.T) {
	const n = 600
	d := testData(n)
	w, err := NewWorld(d, NewCompartment[exposed]("E"), NewCompartment[waning]("W"))
	require.NoError(t, err)
	assert.Equal(t, []string{"S", "I", "R", "E", "W"}, w.StateNames())
	assert.Equal(t, d.Pop, w.S())
	assert.Equal(t, d.Pop, w.Pop())
	assert.Equal(t, d.MCV1, w.MCV1())
	for k, l := range w.Locations() {
		assert.Equal(t, components.Location{Lat: d.Lat[k], Lon: d.Lon[k]}, l)
	}
	for _, name := range []string{"I", "R", "E", "W"} {
		col, err := w.State(name)
		require.NoError(t, err)
		assert.Equal(t, make([]int64, n), col, name)
	}
	col, err := w.State("W")
	require.NoError(t, err)
	col[7] = 12
	typed, err := Column[waning](w)
	require.NoError(t, err)
	assert.Equal(t, waning(12), typed[7], "the state view aliases the typed column")
	assert.Equal(t, int64(12), w.States()[4][7])
	_, err = Column[vaccinated](w)
	require.ErrorContains(t, err, "is not stored as one column")
}

func TestCompartmentsInStateOrder(t *testing.T) {
	w, err := NewWorld(testData(2), NewCompartment[waning]("W"))
	require.NoError(t, err)
	var names []string
	for _, c := range w.Compartments() {
		names = append(names, c.Name())
	}
	assert.Equal(t, w.StateNames(), names)
	assert.Equal(t, "W (ecs.waning)", w.Compartments()[3].String())
	assert.Equal(t, "S (components.Susceptible)", SIR()[0].String())
	assert.Len(t, w.States(), 4)
}

func TestEmptyWorldWithExtraCompartment(t *testing.T) {
	w, err := NewWorld(PatchData{}, NewCompartment[waning]("W"))
	require.NoError(t, err)
	col, err := w.State("W")
	require.NoError(t, err)
	assert.Empty(t, col)
}

func TestCheckCompartments(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []Compartment
		want  string // "" for valid
	}{
		{"none", nil, ""},
		{"two", []Compartment{NewCompartment[exposed]("E"), NewCompartment[waning]("W_2")}, ""},
		{"zero value", []Compartment{{}}, "ecs: compartment 0: not made with ecs.NewCompartment"},
		{"empty name", []Compartment{NewCompartment[waning]("")}, "ecs: compartment 0: state name is empty"},
		{"bad first character", []Compartment{NewCompartment[waning]("1W")},
			`ecs: compartment 0: state name "1W": must be a letter followed by letters, digits or underscores`},
		{"comma", []Compartment{NewCompartment[exposed]("E"), NewCompartment[waning]("W,X")},
			`ecs: compartment 1: state name "W,X": must be a letter`},
		{"space", []Compartment{NewCompartment[waning]("W ")}, `state name "W ": must be a letter`},
		{"S again", []Compartment{NewCompartment[waning]("S")},
			`ecs: compartment 0: state "S" is built in (S, I and R are the model's first compartments)`},
		{"R again", []Compartment{NewCompartment[waning]("R")}, `state "R" is built in`},
		{"name twice", []Compartment{NewCompartment[exposed]("W"), NewCompartment[waning]("W")},
			`ecs: compartment 1: state "W" is declared twice`},
		{"type twice", []Compartment{NewCompartment[waning]("W"), NewCompartment[waning]("V")},
			"ecs: compartment 1 (V): component type ecs.waning is already stored as compartment W; declare a type of your own (type X int64)"},
		{"built-in compartment type", []Compartment{NewCompartment[components.Recovered]("V")},
			"ecs: compartment 0 (V): component type components.Recovered is already stored as compartment R"},
		{"population type", []Compartment{NewCompartment[components.Population]("P")},
			"component type components.Population is already stored as the patch population"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckCompartments(tc.extra)
			_, werr := NewWorld(testData(3), tc.extra...)
			if tc.want == "" {
				require.NoError(t, err)
				require.NoError(t, werr)
				return
			}
			require.ErrorContains(t, err, tc.want)
			require.ErrorContains(t, werr, tc.want)
		})
	}
}

func TestSIRIsACopy(t *testing.T) {
	s := SIR()
	s[0] = NewCompartment[waning]("W")
	assert.Equal(t, "S", SIR()[0].Name())
}

func TestCompartmentType(t *testing.T) {
	type waning int64
	c := NewCompartment[waning]("W")
	assert.Equal(t, reflect.TypeFor[waning](), c.Type())
	assert.Equal(t, "W (ecs.waning)", c.String())
	assert.Nil(t, Compartment{}.Type())
}
