package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMCV2 reads the optional mcv2 column: absent, valid (surrounding
// spaces trimmed, integer text), and every bad cell listed by row and value.
func TestMCV2(t *testing.T) {
	const head = "id,pop,lat,lon,mcv1"
	tbl, err := ReadCSV(strings.NewReader(head + "\na,10,0,0,0.5\n"))
	require.NoError(t, err)
	v, ok, err := tbl.MCV2()
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Nil(t, v)

	tbl, err = ReadCSV(strings.NewReader(head + ",mcv2\na,10,0,0,0.5, 0.25\nb,10,0,0,0.5,1\nc,10,0,0,0.5,0\n"))
	require.NoError(t, err)
	v, ok, err = tbl.MCV2()
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, []float64{0.25, 1, 0}, v)

	tbl, err = ReadCSV(strings.NewReader(head + ",mcv2\na,10,0,0,0.5,0.2\nb,10,0,0,0.5,1.2\nc,10,0,0,0.5,\nd,10,0,0,0.5,high\ne,10,0,0,0.5,-0.1\n"))
	require.NoError(t, err) // extra columns are text until MCV2 reads them
	_, ok, err = tbl.MCV2()
	assert.True(t, ok)
	var probs Problems
	require.ErrorAs(t, err, &probs)
	require.Len(t, probs, 4)
	for i, want := range []string{
		`row 2, column "mcv2": "1.2": must be in [0, 1]`,
		`row 3, column "mcv2": missing value`,
		`row 4, column "mcv2": "high" is not a number`,
		`row 5, column "mcv2": "-0.1": must be in [0, 1]`,
	} {
		assert.Equal(t, want, probs[i].Error())
	}
}
