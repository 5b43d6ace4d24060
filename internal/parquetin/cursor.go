package parquetin

import (
	"io"

	"github.com/parquet-go/parquet-go"
)

// Batch is how many values of a column a [Cursor] decodes at a time.
const Batch = 4096

// Cursor reads one column chunk's values a page at a time. The zero value
// is ready for [Cursor.Start].
type Cursor struct {
	pages parquet.Pages
	page  parquet.Page
	vr    parquet.ValueReader
	buf   []parquet.Value
	at, n int
}

// Start releases the cursor's current chunk and starts reading chunk.
func (c *Cursor) Start(chunk parquet.ColumnChunk) {
	c.Close()
	if c.buf == nil {
		c.buf = make([]parquet.Value, Batch)
	}
	c.pages = chunk.Pages()
}

// Next returns the column's next value, reading pages as needed; io.EOF
// when the chunk has no more. A panic of the decoder on a corrupt page is
// returned as an error.
func (c *Cursor) Next() (v parquet.Value, err error) {
	defer Recover(&err)
	for c.at >= c.n {
		if c.vr != nil {
			n, err := c.vr.ReadValues(c.buf)
			c.at, c.n = 0, n
			if n > 0 {
				break
			}
			if err != nil && err != io.EOF {
				return parquet.Value{}, err
			}
			parquet.Release(c.page)
			c.page, c.vr = nil, nil
		}
		page, err := c.pages.ReadPage()
		if err != nil {
			return parquet.Value{}, err
		}
		c.page, c.vr = page, page.Values()
	}
	v = c.buf[c.at]
	c.at++
	return v, nil
}

// Close releases the cursor's page and page reader (a no-op when none).
func (c *Cursor) Close() {
	if c.page != nil {
		parquet.Release(c.page)
	}
	if c.pages != nil {
		c.pages.Close()
	}
	*c = Cursor{buf: c.buf}
}
