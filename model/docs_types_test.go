package model

import (
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/mixing"
)

// selfDecoding decodes its own JSON, so the reference names its Go type.
type selfDecoding struct{}

// UnmarshalJSON accepts nothing; only its presence matters here.
func (s *selfDecoding) UnmarshalJSON([]byte) error { return nil }

// TestKeyTypeDoc: each Go type a params key may have, as the component
// reference names it.
func TestKeyTypeDoc(t *testing.T) {
	for _, tc := range []struct {
		typ  reflect.Type
		path bool
		want string
	}{
		{reflect.TypeFor[bool](), false, "bool"},
		{reflect.TypeFor[int](), false, "integer"},
		{reflect.TypeFor[int64](), false, "integer"},
		{reflect.TypeFor[uint8](), false, "integer"},
		{reflect.TypeFor[float64](), false, "number"},
		{reflect.TypeFor[*float64](), false, "number"},
		{reflect.TypeFor[string](), false, "string"},
		{reflect.TypeFor[string](), true, "string (file path)"},
		{reflect.TypeFor[[]float64](), false, "list of numbers"},
		{reflect.TypeFor[[2]string](), false, "list of strings"},
		{reflect.TypeFor[[]struct{ A int }](), false, "list of tables"},
		{reflect.TypeFor[map[string]float64](), false, "table of numbers"},
		{reflect.TypeFor[struct{ A int }](), false, "table"},
		{reflect.TypeFor[mixing.Mixer](), false, "table"},
		{reflect.TypeFor[selfDecoding](), false, "`model.selfDecoding`"},
		{reflect.TypeFor[*selfDecoding](), false, "`model.selfDecoding`"},
		{reflect.TypeFor[[]selfDecoding](), false, "list of `model.selfDecoding`"},
		{reflect.TypeFor[time.Time](), false, "`time.Time`"}, // a TextUnmarshaler
	} {
		t.Run(tc.typ.String(), func(t *testing.T) {
			assert.Equal(t, tc.want, keyTypeDoc(tc.typ, tc.path))
		})
	}
}
