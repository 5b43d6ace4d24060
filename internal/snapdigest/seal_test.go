package snapdigest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// payload is a small snapshot-like JSON object.
var payload = []byte(`{"format":"rubeola-biweekly-snapshot","version":2,"tick":3,"states":{"S":[90,80],"I":[1,0]},"rng":["AAEC"]}`)

func TestSealOpenRoundTrip(t *testing.T) {
	sealed, err := Seal(payload)
	require.NoError(t, err)
	sum := sha256.Sum256(payload)
	want := `{"sha256":"` + hex.EncodeToString(sum[:]) + `",` + string(payload[1:])
	assert.Equal(t, want, string(sealed), "the layout the package doc states")
	assert.True(t, json.Valid(sealed), "a sealed snapshot is still one JSON object")
	got, err := Open(bytes.Clone(sealed))
	require.NoError(t, err)
	assert.Equal(t, string(payload), string(got))
}

// TestOpenRefusesEveryBitFlip flips each bit of a sealed payload in turn:
// every flip is refused, whichever part it hits (the prefix, the digest,
// its closing quote and comma, or the payload).
func TestOpenRefusesEveryBitFlip(t *testing.T) {
	sealed, err := Seal(payload)
	require.NoError(t, err)
	for i := range sealed {
		for bit := range 8 {
			data := bytes.Clone(sealed)
			data[i] ^= 1 << bit
			_, err := Open(data)
			require.Error(t, err, "byte %d bit %d (%q → %q) was accepted", i, bit, sealed[i], data[i])
		}
	}
}

func TestSealOpenErrors(t *testing.T) {
	sealed, err := Seal(payload)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"unsealed JSON", bytes.Clone(payload), ErrNoDigest.Error()},
		{"empty", nil, ErrNoDigest.Error()},
		{"digest only", bytes.Clone(sealed[:len(prefix)+hexLen+2]), ErrNoDigest.Error()},
		{"upper-case digest", upperDigest(sealed), "does not match its sha256 digest"},
		{"no comma", bytes.Replace(bytes.Clone(sealed), []byte(`",`), []byte(`";`), 1), "is not 64 hexadecimal digits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(tc.data)
			require.ErrorContains(t, err, tc.want)
		})
	}
	for _, bad := range []string{"", "{}", "[1]", ` {"a":1}`} {
		_, err := Seal([]byte(bad))
		require.Error(t, err, "%q", bad)
	}
}

// upperDigest returns sealed with its digest's hex digits in upper case
// (the same bytes in hex; the layout requires lower case).
func upperDigest(sealed []byte) []byte {
	data := bytes.Clone(sealed)
	copy(data[len(prefix):], bytes.ToUpper(data[len(prefix):len(prefix)+hexLen]))
	return data
}
