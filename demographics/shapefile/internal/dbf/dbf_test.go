package dbf

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// table builds a two-field table of two records, one deleted.
func table(t *testing.T, suffix []byte) []byte {
	t.Helper()
	h, err := NewHeader([]Field{{Name: "A", Type: 'C', Size: 3}, {Name: "N", Type: 'N', Size: 2}}, [3]byte{125, 1, 1})
	require.NoError(t, err)
	if suffix != nil {
		h.Suffix = suffix
	}
	var buf bytes.Buffer
	rows := []string{" abc 1", "*xyz22"}
	require.NoError(t, Write(&buf, h, len(rows), func(i int, b []byte) error {
		copy(b, rows[i])
		return nil
	}))
	return buf.Bytes()
}

func TestParseWriteRoundTrip(t *testing.T) {
	// A Visual FoxPro header keeps a 263-byte backlink after the terminator.
	for _, suffix := range [][]byte{nil, append([]byte{0x0D}, make([]byte, 263)...)} {
		data := table(t, suffix)
		tbl, err := Parse(data)
		require.NoError(t, err)
		assert.Equal(t, []Field{{"A", 'C', 3, 0}, {"N", 'N', 2, 0}}, tbl.Fields)
		assert.Equal(t, 2, tbl.NumRecords())
		assert.Equal(t, "abc", string(tbl.Cell(0, 0)))
		assert.Equal(t, "22", string(tbl.Cell(1, 1)))
		assert.False(t, tbl.Deleted(0))
		assert.True(t, tbl.Deleted(1))

		var again bytes.Buffer
		require.NoError(t, Write(&again, tbl.Header, tbl.NumRecords(), func(i int, b []byte) error {
			copy(b, tbl.Record(i))
			return nil
		}))
		assert.Equal(t, data, again.Bytes(), "every byte kept")
	}
}

func TestHeaderLimits(t *testing.T) {
	h, err := NewHeader(nil, [3]byte{})
	require.NoError(t, err)
	for i := range 258 {
		// 258 fields of 254 bytes: record length 1 + 258·254 = 65 533, still fits.
		require.NoError(t, h.Append(Field{Name: "F" + strings.Repeat("x", i%9), Type: 'C', Size: MaxFieldSize}))
	}
	_, err = h.Encode(1)
	require.NoError(t, err)
	require.NoError(t, h.Append(Field{Name: "X", Type: 'C', Size: 10}))
	_, err = h.Encode(1)
	assert.ErrorContains(t, err, "exceeds 65535")

	for _, f := range []Field{{Name: "", Type: 'C', Size: 1}, {Name: "A B", Type: 'C', Size: 1}, {Name: "É", Type: 'C', Size: 1},
		{Name: "A", Type: 'C', Size: 0}, {Name: "A", Type: 'C', Size: 255}, {Name: "A", Type: 'c', Size: 1}} {
		_, err := Descriptor(f)
		assert.Error(t, err, "%+v", f)
	}
}

func TestParseNamePadding(t *testing.T) {
	data := table(t, nil)
	// Some writers pad names with spaces instead of NULs.
	copy(data[prefixLen:prefixLen+nameLen], "A          ")
	tbl, err := Parse(data)
	require.NoError(t, err)
	assert.Equal(t, "A", tbl.Fields[0].Name)

	binary.LittleEndian.PutUint16(data[10:], 99)
	_, err = Parse(data)
	assert.ErrorContains(t, err, "record length 99 differs from the fields' total 6")
}
