package tidyparquet

import (
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// zstdWindow is the encoder's window. Pages are at most parquet-go's page
// buffer (256 KiB), so a larger window finds nothing more; parquet-go's own
// codec uses zstd's default 8 MiB window, whose 16 MiB history every encoder
// allocates (and re-allocates whenever its sync.Pool drops it), which cost
// more than the compression itself.
const zstdWindow = 512 << 10

// zstdCodec is a parquet-go compress.Codec for ZSTD with one shared,
// long-lived encoder and decoder (their EncodeAll and DecodeAll are safe for
// concurrent use; each call runs on the caller's goroutine).
type zstdCodec struct{}

var (
	zstdEncoder = sync.OnceValues(func() (*zstd.Encoder, error) {
		return zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedFastest),
			zstd.WithWindowSize(zstdWindow),
			zstd.WithEncoderCRC(false),
			zstd.WithZeroFrames(true))
	})
	zstdDecoder = sync.OnceValues(func() (*zstd.Decoder, error) {
		return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0))
	})
)

// String returns "ZSTD".
func (zstdCodec) String() string { return "ZSTD" }

// CompressionCodec returns the Parquet codec id.
func (zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode appends the compressed src to dst[:0].
func (zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	e, err := zstdEncoder()
	if err != nil {
		return dst, err
	}
	return e.EncodeAll(src, dst[:0]), nil
}

// Decode appends the decompressed src to dst[:0].
func (zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	d, err := zstdDecoder()
	if err != nil {
		return dst, err
	}
	return d.DecodeAll(src, dst[:0])
}
