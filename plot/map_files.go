package plot

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg/draw"
)

// wavesPicture builds waves.png and keeps the analysis for waves.csv.
func (d *runData) wavesPicture() (func(draw.Canvas) error, error) {
	w, m, err := wavesOf(d.maps)
	if err != nil {
		return nil, err
	}
	d.waves = w
	return wavesPicture(d.maps, w, m)
}

// writeMapFiles writes the files that go with the maps into tmp (listed
// as in outDir): map.gif, and waves.csv when waves.png was drawn.
func (d *runData) writeMapFiles(tmp, outDir string, files []string) ([]string, error) {
	write := func(name string, fn func(io.Writer) error) error {
		if err := writeFile(filepath.Join(tmp, name), fn); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
		files = append(files, filepath.Join(outDir, name))
		return nil
	}
	if err := write("map.gif", func(w io.Writer) error { return writeMapGIF(w, d.maps) }); err != nil {
		return files, err
	}
	if d.waves != nil {
		if err := write("waves.csv", func(w io.Writer) error { return writeWavesCSV(w, d.maps, d.waves) }); err != nil {
			return files, err
		}
	}
	return files, nil
}

// writeFile creates path (which must not exist) and writes it with fn.
func writeFile(path string, fn func(io.Writer) error) (err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	return fn(f)
}
