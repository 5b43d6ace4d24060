//go:build linux

package output

import (
	"os"
	"syscall"
)

// fallocKeepSize is FALLOC_FL_KEEP_SIZE: allocate without changing the
// file's size.
const fallocKeepSize = 0x1

// reserve allocates n bytes of f's disk blocks from offset off, leaving
// its size alone.
func reserve(f *os.File, off, n int64) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := conn.Control(func(fd uintptr) { ferr = syscall.Fallocate(int(fd), fallocKeepSize, off, n) }); err != nil {
		return err
	}
	return ferr
}
