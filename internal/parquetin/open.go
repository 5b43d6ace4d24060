package parquetin

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// Open opens a Parquet file of size bytes for reading its columns, without
// its page index and bloom filters; a footer longer than the file and any
// panic of the decoder on a corrupt file are errors.
func Open(r io.ReaderAt, size int64) (pf *parquet.File, err error) {
	if err := checkFooterLength(r, size); err != nil {
		return nil, err
	}
	defer Recover(&err)
	return parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
}

// checkFooterLength refuses a file whose footer (the metadata before the
// last 8 bytes: its 4-byte length and "PAR1") claims more bytes than the
// file holds after its 4-byte header: parquet-go allocates the claimed
// length, up to 4 GiB, before reading it. Files too short to have a footer
// are left to parquet-go's own errors.
func checkFooterLength(r io.ReaderAt, size int64) error {
	const magic, tail = 4, 8 // "PAR1" at the start; footer length + "PAR1" at the end
	if size < magic+tail {
		return nil
	}
	var b [tail]byte
	if _, err := r.ReadAt(b[:], size-tail); err != nil {
		return err
	}
	if n := int64(binary.LittleEndian.Uint32(b[:4])); n > size-magic-tail {
		return fmt.Errorf("corrupt Parquet footer: %d bytes of metadata claimed in a file of %d bytes", n, size)
	}
	return nil
}

// Recover turns a panic of parquet-go, which does not check every length
// and offset a corrupt file holds, into *err. Call it deferred.
func Recover(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("corrupt Parquet data (%v)", p)
	}
}
