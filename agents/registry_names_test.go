package agents

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
)

// keepRegistries restores the dose kinds and immunity sources registered
// before the test when it ends (registries are process-wide).
func keepRegistries(t *testing.T) {
	t.Helper()
	kinds, sources := doseKinds.list(), immunitySources.list()
	t.Cleanup(func() {
		doseKinds.names, immunitySources.names = kinds, sources
	})
}

// TestBuiltinKindsAndSources: the built-ins are the order and values
// outputs and snapshots have always used.
func TestBuiltinKindsAndSources(t *testing.T) {
	assert.Equal(t, []string{"MCV1", "MCV2", "SIA"}, DoseKinds())
	assert.Equal(t, []ImmunitySource{{"infection", ImmuneInfection}, {"maternal", ImmuneMaternal},
		{"mcv1", ImmuneMCV1}, {"mcv2", ImmuneMCV2}, {"sia", ImmuneSIA}}, ImmunitySources())
	assert.Equal(t, uint8(1<<NumBuiltinImmunitySources), ImmuneSIA<<1, "the built-ins take the low bits")
}

// TestRegisterDoseKind: a registered kind follows the built-ins, and a
// world's doses get a row for it, also when they were created before it.
func TestRegisterDoseKind(t *testing.T) {
	keepRegistries(t)
	w, err := ecs.NewWorld(ecs.PatchData{Pop: make([]int64, 3), Lat: make([]float64, 3), Lon: make([]float64, 3), MCV1: make([]float64, 3)})
	require.NoError(t, err)
	d := DosesOf(w)
	require.Len(t, d.Given, NumBuiltinDoseKinds)
	k, err := RegisterDoseKind("catchup")
	require.NoError(t, err)
	assert.Equal(t, NumBuiltinDoseKinds, k)
	assert.Equal(t, []string{"MCV1", "MCV2", "SIA", "catchup"}, DoseKinds())
	d = DosesOf(w)
	require.Len(t, d.Given, NumBuiltinDoseKinds+1)
	require.Len(t, d.Immunised, NumBuiltinDoseKinds+1)
	d.Record(k, 2, true)
	assert.Equal(t, []int64{0, 0, 1}, d.Given[k])
	assert.Equal(t, []int64{0, 0, 1}, d.Immunised[k])
}

// TestRegisterErrors: names that outputs could not carry, names taken
// (ignoring case, the immunity profile's other classes too) and a full
// Immunity column are refused, naming the name.
func TestRegisterErrors(t *testing.T) {
	keepRegistries(t)
	for _, c := range []struct {
		name, want string
	}{
		{"", `dose kind "": want a letter`},
		{"2nd", `dose kind "2nd": want a letter`},
		{"a/b", `dose kind "a/b": want a letter`},
		{"mcv1", `dose kind "mcv1" is already a name`},
		{"extra_immunised", `dose kind "extra_immunised" must not end in "_immunised"`},
	} {
		_, err := RegisterDoseKind(c.name)
		assert.ErrorContains(t, err, c.want, c.name)
	}
	for _, c := range []struct {
		name, want string
	}{
		{"SIA", `immunity source "SIA" is already a name`},
		{"r_other", `immunity source "r_other" is already a name`},
		{"with space", `immunity source "with space": want a letter`},
	} {
		_, err := RegisterImmunitySource(c.name)
		assert.ErrorContains(t, err, c.want, c.name)
	}
	// Three free bits (8 − 5 built in).
	for k, name := range []string{"one", "two", "three"} {
		bit, err := RegisterImmunitySource(name)
		require.NoError(t, err)
		assert.Equal(t, uint8(1)<<(NumBuiltinImmunitySources+k), bit)
	}
	_, err := RegisterImmunitySource("four")
	assert.ErrorContains(t, err, `immunity source "four": at most 3 immunity sources can be registered`)
	assert.Panics(t, func() { MustRegisterDoseKind("SIA") })
}
