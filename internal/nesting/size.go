package nesting

import (
	"fmt"
	"io"
)

// MaxBytes is the largest TOML or JSON text read: 1 MiB. Parsing costs
// tens of bytes of memory per byte of text and up to a second per MB (a
// 40 MB params JSON of one array took 1.5 GB and 15 s, 15 MB of TOML table
// headers 14 s in the TOML parser alone; `--config /dev/zero` grew until
// the kernel killed it at 22 GB). rubeola's own files are kilobytes; a
// sweep axis of many values is a range ({from, to, step}), not a list. A
// 1 MiB run file of nothing but table headers is refused in about 2 s.
const MaxBytes = 1 << 20

// SizeError is a TOML or JSON text longer than [MaxBytes]:
//
//	larger than 1 MiB (rubeola reads at most 1 MiB of a TOML or JSON file; see docs/limits.md)
type SizeError struct{}

// Error implements error.
func (*SizeError) Error() string {
	return fmt.Sprintf("larger than %d MiB (rubeola reads at most %d MiB of a TOML or JSON file; see docs/limits.md)",
		MaxBytes>>20, MaxBytes>>20)
}

// ReadAll reads a TOML or JSON text from r, at most [MaxBytes]: it stops
// with a [*SizeError] as soon as the text passes the bound, so a huge file
// (or /dev/zero) costs at most MaxBytes of memory.
func ReadAll(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxBytes {
		return nil, &SizeError{}
	}
	return data, nil
}
