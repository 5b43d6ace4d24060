package tidyparquet

import (
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"time"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/plain"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/internal/idlist"
)

// The file layout follows the Apache Parquet format specification
// (github.com/apache/parquet-format, README "File format" and Encodings.md):
// "PAR1", the row groups (per column: dictionary page, data pages), the
// thrift-compact FileMetaData, its length (4 bytes little-endian) and
// "PAR1". Pages are data pages v1 of REQUIRED columns, so they hold no
// repetition or definition levels, only the encoded values.

// magic starts and ends a Parquet file.
const magic = "PAR1"

// column is one column of the schema and its chunk of the current row
// group: the compressed data pages written so far and their totals.
type column struct {
	role     int // colTracker … colDouble
	field    int // colDouble: index into fileWriter.doubles
	name     string
	typ      format.Type
	enc      format.Encoding
	conv     deprecated.ConvertedType
	logical  format.LogicalTypeValue
	dict     *dictionary // string columns; nil for integers
	pages    bytes.Buffer
	plainLen int64 // Σ uncompressed page sizes with headers
	zLen     int64 // Σ compressed page sizes with headers

	// The last dictionary page written (header and compressed body), for
	// dictPageValues values, with its uncompressed and compressed sizes: a
	// row group whose dictionary has not grown since writes these bytes
	// again instead of encoding and compressing the same page (at 10⁶
	// patches, 10⁶ ids in every row group; docs/scale.md).
	dictPage         []byte
	dictPageValues   int
	dictPlain, dictZ int64
}

// dictionary numbers a string column's distinct values in first-seen
// order. One dictionary serves the whole file: each row group's dictionary
// page holds every value seen so far (a superset of the ones its pages
// reference, which the format allows), so indexes never change.
type dictionary struct {
	values []string
	index  map[string]int32
}

// add returns s's index, adding s when new.
func (d *dictionary) add(s string) int32 {
	k, ok := d.index[s]
	if !ok {
		k = int32(len(d.values))
		d.index[s] = k
		d.values = append(d.values, s)
	}
	return k
}

// fileWriter writes one Parquet file of labelled rows: the tidy table
// (tracker, tick, date, patch_id, state, then count) or, with double
// columns, an ensemble table (the same labels, then one DOUBLE column per
// value column instead of count).
type fileWriter struct {
	out    io.Writer
	offset int64
	cols   []*column // schema order
	multi  bool
	rgMax  int // the most rows of a row group

	// The current page, column-wise: dictionary indexes for strings.
	tracker, tick, date, patch, state []int32
	count                             []int64      // tidy files
	doubles                           [][]float64  // ensemble files: one per double column
	values                            [1][]float64 // a float block's values, as rowsOf takes them
	rows                              int          // rows in the current page

	rgRows    int64 // rows of the current row group in written pages
	rowGroups []format.RowGroup
	numRows   int64

	ids        dictionary // patch_id values
	lastIDs    []string   // the previous block's ids …
	lastIdx    []int32    // … and their indexes
	body, zbuf []byte
	hdr        bytes.Buffer
	enc        *thrift.Encoder
}

// Columns of the schema, by role.
const (
	colTracker = iota
	colTick
	colDate
	colPatch
	colState
	colCount
	colDouble // every value column of an ensemble file
)

// newFileWriter prepares the columns (tracker only when multi; count, or
// one DOUBLE column per name of doubles when there are any) and writes the
// leading magic.
func newFileWriter(out io.Writer, multi bool, doubles ...string) (*fileWriter, error) {
	fw := &fileWriter{out: out, multi: multi, rgMax: MaxRowGroupRows, ids: dictionary{index: map[string]int32{}},
		tick: make([]int32, 0, pageRows), date: make([]int32, 0, pageRows), patch: make([]int32, 0, pageRows),
		state: make([]int32, 0, pageRows)}
	if multi {
		fw.tracker = make([]int32, 0, pageRows)
	}
	fw.enc = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&fw.hdr))
	str := func(name string, d *dictionary) *column {
		return &column{name: name, typ: format.ByteArray, enc: format.RLEDictionary, conv: deprecated.UTF8,
			logical: &format.StringType{}, dict: d}
	}
	all := []*column{
		colTracker: str("tracker", &dictionary{index: map[string]int32{}}),
		colTick: {name: "tick", typ: format.Int32, enc: format.DeltaBinaryPacked, conv: deprecated.Int32,
			logical: &format.IntType{BitWidth: 32, IsSigned: true}},
		colDate: {name: "date", typ: format.Int32, enc: format.DeltaBinaryPacked, conv: deprecated.Date,
			logical: &format.DateType{}},
		colPatch: str("patch_id", &fw.ids),
		colState: str("state", &dictionary{index: map[string]int32{}}),
		colCount: {name: "count", typ: format.Int64, enc: format.DeltaBinaryPacked, conv: deprecated.Int64,
			logical: &format.IntType{BitWidth: 64, IsSigned: true}},
	}
	for role, c := range all {
		c.role = role
	}
	if len(doubles) == 0 {
		fw.count = make([]int64, 0, pageRows)
	} else {
		all = all[:colCount]
		for k, name := range doubles {
			// PLAIN, the one encoding every reader decodes (values are
			// whole numbers or simple fractions: ZSTD packs them well).
			all = append(all, &column{role: colDouble, field: k, name: name, typ: format.Double, enc: format.Plain})
			fw.doubles = append(fw.doubles, make([]float64, 0, pageRows))
		}
	}
	fw.cols = all
	if !multi {
		fw.cols = all[colTick:]
	}
	return fw, fw.write([]byte(magic))
}

// write writes p to the file, counting the offset.
func (fw *fileWriter) write(p []byte) error {
	n, err := fw.out.Write(p)
	fw.offset += int64(n)
	return err
}

// block appends b's rows (tracker index ti), flushing pages and row groups
// as they fill.
func (fw *fileWriter) block(b metrics.Block, ti int32) error {
	if b.Values != nil {
		fw.values[0] = b.Values
		return fw.rowsOf(ti, b.Tick, b.Date, b.State, b.IDs, nil, fw.values[:])
	}
	return fw.rowsOf(ti, b.Tick, b.Date, b.State, b.IDs, b.Counts, nil)
}

// quantileBlock appends b's rows (tracker index ti) to an ensemble file.
func (fw *fileWriter) quantileBlock(b metrics.QuantileBlock, ti int32) error {
	return fw.rowsOf(ti, b.Tick, b.Date, b.State, b.IDs, nil, b.Values[:])
}

// rowsOf appends one row per id, labelled with tracker index ti, tick,
// date and state, with values counts[k] (a tidy file) or doubles[c][k] for
// every double column c (an ensemble file), flushing pages and row groups
// as they fill.
func (fw *fileWriter) rowsOf(ti int32, tickIndex int, date time.Time, state string, ids []string, counts []int64, doubles [][]float64) error {
	idx := fw.idIndexes(ids)
	st := fw.col(colState).dict.add(state)
	tick, day := int32(tickIndex), epochDay(date)
	for k := 0; k < len(idx); {
		m := min(len(idx)-k, pageRows-fw.rows, fw.rgMax-int(fw.rgRows)-fw.rows)
		fw.patch = append(fw.patch, idx[k:k+m]...)
		if doubles == nil {
			fw.count = append(fw.count, counts[k:k+m]...)
		}
		for c, col := range doubles {
			fw.doubles[c] = append(fw.doubles[c], col[k:k+m]...)
		}
		fw.rows += m
		fw.tick, fw.date, fw.state = repeat(fw.tick, tick, m), repeat(fw.date, day, m), repeat(fw.state, st, m)
		if fw.multi {
			fw.tracker = repeat(fw.tracker, ti, m)
		}
		k += m
		if fw.rows == pageRows || int(fw.rgRows)+fw.rows == fw.rgMax {
			if err := fw.flushPage(); err != nil {
				return err
			}
		}
		if int(fw.rgRows) == fw.rgMax {
			if err := fw.flushRowGroup(); err != nil {
				return err
			}
		}
	}
	return nil
}

// repeat appends n copies of v to s.
func repeat(s []int32, v int32, n int) []int32 {
	l := len(s)
	s = slices.Grow(s, n)[:l+n]
	tail := s[l:]
	for i := range tail {
		tail[i] = v
	}
	return s
}

// col returns the column of a role (present in this file).
func (fw *fileWriter) col(role int) *column {
	if fw.multi {
		return fw.cols[role]
	}
	return fw.cols[role-colTick]
}

// idIndexes returns the dictionary indexes of ids. Trackers yield the same
// ids every tick, so the previous block's indexes are reused when the ids
// are equal ([idlist.Equal]: a pointer comparison per id): one map lookup
// per id per distinct id list, not per row.
func (fw *fileWriter) idIndexes(ids []string) []int32 {
	if idlist.Equal(ids, fw.lastIDs) {
		return fw.lastIdx
	}
	fw.lastIDs = append(fw.lastIDs[:0], ids...)
	fw.lastIdx = fw.lastIdx[:0]
	for _, id := range ids {
		fw.lastIdx = append(fw.lastIdx, fw.ids.add(id))
	}
	return fw.lastIdx
}

// flushPage encodes, compresses and buffers the current page of every
// column.
func (fw *fileWriter) flushPage() error {
	n := fw.rows
	if n == 0 {
		return nil
	}
	for _, c := range fw.cols {
		var err error
		switch c.role {
		case colTracker:
			fw.body, err = fw.dictIndexes(fw.tracker)
		case colTick:
			fw.body, err = (&delta.BinaryPackedEncoding{}).EncodeInt32(fw.body, fw.tick)
		case colDate:
			fw.body, err = (&delta.BinaryPackedEncoding{}).EncodeInt32(fw.body, fw.date)
		case colPatch:
			fw.body, err = fw.dictIndexes(fw.patch)
		case colState:
			fw.body, err = fw.dictIndexes(fw.state)
		case colCount:
			fw.body, err = (&delta.BinaryPackedEncoding{}).EncodeInt64(fw.body, fw.count)
		case colDouble:
			fw.body = slices.Grow(fw.body[:0], 8*n)
			for _, v := range fw.doubles[c.field] {
				fw.body = plain.AppendDouble(fw.body, v)
			}
		}
		if err != nil {
			return err
		}
		h := format.PageHeader{Type: format.DataPage, DataPageHeader: thrift.New(format.DataPageHeader{
			NumValues: int32(n), Encoding: c.enc, DefinitionLevelEncoding: format.RLE, RepetitionLevelEncoding: format.RLE})}
		if err := fw.page(&c.pages, &h, &c.plainLen, &c.zLen); err != nil {
			return err
		}
	}
	fw.rgRows += int64(n)
	fw.tracker, fw.tick, fw.date = fw.tracker[:0], fw.tick[:0], fw.date[:0]
	fw.patch, fw.state, fw.count = fw.patch[:0], fw.state[:0], fw.count[:0]
	for c := range fw.doubles {
		fw.doubles[c] = fw.doubles[c][:0]
	}
	fw.rows = 0
	return nil
}

// dictIndexes encodes dictionary indexes as RLE_DICTIONARY (bit width
// byte, then the RLE/bit-packed hybrid) into fw.body.
func (fw *fileWriter) dictIndexes(idx []int32) ([]byte, error) {
	return (&rle.DictionaryEncoding{}).EncodeInt32(fw.body, idx)
}

// page compresses fw.body, completes header h with the sizes and appends
// header and compressed body to dst, adding the sizes to the totals.
func (fw *fileWriter) page(dst *bytes.Buffer, h *format.PageHeader, plainLen, zLen *int64) error {
	var err error
	if fw.zbuf, err = compress(fw.zbuf, fw.body); err != nil {
		return err
	}
	h.UncompressedPageSize, h.CompressedPageSize = int32(len(fw.body)), int32(len(fw.zbuf))
	fw.hdr.Reset()
	if err := fw.enc.Encode(h); err != nil {
		return err
	}
	*plainLen += int64(fw.hdr.Len() + len(fw.body))
	*zLen += int64(fw.hdr.Len() + len(fw.zbuf))
	dst.Write(fw.hdr.Bytes())
	dst.Write(fw.zbuf)
	return nil
}

// flushRowGroup writes the current row group: per column its dictionary
// page (string columns), then its buffered data pages.
func (fw *fileWriter) flushRowGroup() error {
	if err := fw.flushPage(); err != nil {
		return err
	}
	if fw.rgRows == 0 {
		return nil
	}
	rg := format.RowGroup{NumRows: fw.rgRows, FileOffset: fw.offset, Ordinal: int16(len(fw.rowGroups))}
	for _, c := range fw.cols {
		start := fw.offset
		md := format.ColumnMetaData{Type: c.typ, PathInSchema: []string{c.name}, Codec: format.Zstd, NumValues: fw.rgRows}
		if c.dict != nil {
			if err := fw.dictionaryPage(c); err != nil {
				return err
			}
			md.TotalUncompressedSize, md.TotalCompressedSize = c.dictPlain, c.dictZ
			if err := fw.write(c.dictPage); err != nil {
				return err
			}
			md.DictionaryPageOffset = start
			md.Encoding = []format.Encoding{format.Plain, format.RLEDictionary}
		} else {
			md.Encoding = []format.Encoding{c.enc}
		}
		md.DataPageOffset = fw.offset
		if err := fw.write(c.pages.Bytes()); err != nil {
			return err
		}
		md.TotalUncompressedSize += c.plainLen
		md.TotalCompressedSize += c.zLen
		c.pages.Reset()
		c.plainLen, c.zLen = 0, 0
		rg.Columns = append(rg.Columns, format.ColumnChunk{FileOffset: start, MetaData: md})
		rg.TotalByteSize += md.TotalUncompressedSize
		rg.TotalCompressedSize += md.TotalCompressedSize
	}
	fw.rowGroups = append(fw.rowGroups, rg)
	fw.numRows += fw.rgRows
	fw.rgRows = 0
	return nil
}

// dictionaryPage makes c.dictPage the dictionary page of every value of
// c's dictionary, encoding it only when the dictionary has grown since the
// last one (the bytes are the same either way).
func (fw *fileWriter) dictionaryPage(c *column) error {
	if c.dictPage != nil && c.dictPageValues == len(c.dict.values) {
		return nil
	}
	fw.body = fw.body[:0]
	for _, v := range c.dict.values {
		fw.body = plain.AppendByteArrayString(fw.body, v)
	}
	h := format.PageHeader{Type: format.DictionaryPage, DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{
		NumValues: int32(len(c.dict.values)), Encoding: format.Plain})}
	var page bytes.Buffer
	c.dictPlain, c.dictZ = 0, 0
	if err := fw.page(&page, &h, &c.dictPlain, &c.dictZ); err != nil {
		return err
	}
	c.dictPage, c.dictPageValues = page.Bytes(), len(c.dict.values)
	return nil
}

// close writes the last row group and the footer.
func (fw *fileWriter) close() error {
	if err := fw.flushRowGroup(); err != nil {
		return err
	}
	schema := []format.SchemaElement{{Name: "tidy", NumChildren: thrift.New(int32(len(fw.cols)))}}
	for _, c := range fw.cols {
		el := format.SchemaElement{Name: c.name, Type: thrift.New(c.typ), RepetitionType: thrift.New(format.Required)}
		if c.role != colDouble { // DOUBLE needs no annotation
			el.ConvertedType, el.LogicalType = thrift.New(c.conv), format.LogicalType{Value: c.logical}
		}
		schema = append(schema, el)
	}
	meta := format.FileMetaData{Version: 2, Schema: schema, NumRows: fw.numRows, RowGroups: fw.rowGroups,
		KeyValueMetadata: []format.KeyValue{{Key: "generator", Value: "rubeola " + metrics.Version}},
		CreatedBy:        "rubeola version " + metrics.Version}
	fw.hdr.Reset()
	if err := fw.enc.Encode(&meta); err != nil {
		return err
	}
	footer := binary.LittleEndian.AppendUint32(append([]byte(nil), fw.hdr.Bytes()...), uint32(fw.hdr.Len()))
	return fw.write(append(footer, magic...))
}
