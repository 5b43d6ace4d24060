package scenario

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzReadCSV feeds arbitrary bytes to the scenario CSV loader: it never
// panics; an error names the file on its first line; an accepted table is
// valid and survives WriteCSV → ReadCSV unchanged.
func FuzzReadCSV(f *testing.F) {
	for _, seed := range []string{
		"id,pop,lat,lon,mcv1\nng:kano,1000,12,8.5,0.4\nng:lagos,0,6.5,3.4,1\n",
		"\ufeffmcv1,lon,lat,pop,id,zone\n0.5,4,40,1e5,a,\" north \"\n",
		"id,pop,lat,lon,mcv1\na,1000.0,40,4,0.5\n\nb,9007199254740992,-90,180,0\n",
		"id,pop,lat,lon,mcv1\nA,12a,51.5,-0.1,0.5\nA,100,95,-0.1,1.5\n",
		"id,pop,lat,lon,mcv1\nb,4611686018427387904,1,1,0.5\n",
		"id,population,lat,lon,mcv1\n",
		"id,pop,lat,lon,mcv1\n\"a,b \"\"q\"\"\",5,1,1,NA\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := readCSV(bytes.NewReader(data), "fuzz.csv", 0)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "fuzz.csv: "), "error names the file: %q", err.Error())
			return
		}
		require.NoError(t, tab.Validate())
		var buf bytes.Buffer
		require.NoError(t, tab.WriteCSV(&buf))
		back, err := ReadCSV(&buf)
		require.NoError(t, err, "written:\n%s", buf.String())
		require.Equal(t, tab, back)
	})
}
