package parquetin

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenRefusesLongFooter: a footer length past the file's bytes is
// refused before parquet-go would allocate it (up to 4 GiB).
func TestOpenRefusesLongFooter(t *testing.T) {
	data := []byte("PAR1")
	data = append(data, make([]byte, 16)...)
	data = binary.LittleEndian.AppendUint32(data, 1<<31) // 2 GiB claimed in a 28-byte file
	data = append(data, "PAR1"...)
	_, err := Open(bytes.NewReader(data), int64(len(data)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "corrupt Parquet footer: 2147483648 bytes of metadata claimed in a file of 28 bytes")
}

// TestCursorReadsColumn: a Cursor yields a column's values in order across
// pages and row groups, then io.EOF per chunk.
func TestCursorReadsColumn(t *testing.T) {
	type row struct {
		N int64 `parquet:"n"`
	}
	// 3 row groups of 5 000 rows: more than one Batch (4 096) in each.
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[row](&buf, parquet.MaxRowsPerRowGroup(5000))
	rows := make([]row, 15000)
	for i := range rows {
		rows[i].N = int64(i)
	}
	_, err := w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	pf, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	require.Len(t, pf.RowGroups(), 3)
	var c Cursor
	defer c.Close()
	next := int64(0)
	for _, rg := range pf.RowGroups() {
		c.Start(rg.ColumnChunks()[0])
		for range rg.NumRows() {
			v, err := c.Next()
			require.NoError(t, err)
			require.Equal(t, next, v.Int64())
			next++
		}
		_, err := c.Next()
		assert.ErrorIs(t, err, io.EOF)
	}
	assert.Equal(t, int64(15000), next)
}
