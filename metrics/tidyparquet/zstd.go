package tidyparquet

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// zstdWindow is the encoder's window. A page is at most pageRows values
// (512 KiB for the int64 column before encoding, far less after), so a
// larger window finds nothing more; zstd's default 8 MiB window would make
// every encoder allocate a 16 MiB history.
const zstdWindow = 512 << 10

// zstdEncoder is one shared, long-lived encoder at the fastest level; its
// EncodeAll is safe for concurrent use (each call runs on the caller's
// goroutine), so the files written at once share it.
var zstdEncoder = sync.OnceValues(func() (*zstd.Encoder, error) {
	return zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithWindowSize(zstdWindow),
		zstd.WithEncoderCRC(false),
		zstd.WithZeroFrames(true))
})

// compress returns src ZSTD-compressed as one frame (the Parquet ZSTD
// codec), appended to dst[:0].
func compress(dst, src []byte) ([]byte, error) {
	e, err := zstdEncoder()
	if err != nil {
		return dst, err
	}
	return e.EncodeAll(src, dst[:0]), nil
}
