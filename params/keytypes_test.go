package params_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/params"
)

// TestKeyTypes: every key KeyDocs documents, with its field's Go type
// (embedded fields flattened, non-keys left out); a value that is not a
// struct has no keys.
func TestKeyTypes(t *testing.T) {
	for _, tc := range []struct {
		name string
		def  any
		want map[string]reflect.Type
	}{
		{"a params struct", keydocParams{}, map[string]reflect.Type{
			"rate": reflect.TypeFor[float64](), "file": reflect.TypeFor[string](),
			"Plain": reflect.TypeFor[bool](), "level": reflect.TypeFor[int](),
		}},
		{"a pointer to one", &keydocInner{}, map[string]reflect.Type{"level": reflect.TypeFor[int]()}},
		{"not a struct", 3, map[string]reflect.Type{}},
		{"nil", nil, map[string]reflect.Type{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, params.KeyTypes(tc.def))
		})
	}
}

// TestKeyTypesMatchKeyDocs: the two list the same keys.
func TestKeyTypesMatchKeyDocs(t *testing.T) {
	var docs []string
	for _, d := range params.KeyDocs(keydocParams{}, params.KeyRules{}) {
		docs = append(docs, d.Key)
	}
	var types []string
	for k := range params.KeyTypes(keydocParams{}) {
		types = append(types, k)
	}
	assert.ElementsMatch(t, docs, types)
}
