package plot

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg/draw"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// addMapPictures adds map.png and waves.png when the run has map data.
func (d *runData) addMapPictures(add func(string, func() (func(draw.Canvas) error, error))) {
	if d.maps == nil {
		return
	}
	add("map", func() (func(draw.Canvas) error, error) { return mapPicture(d.maps, d.opts.MapDates) })
	add("waves", d.wavesPicture)
}

// RenderMaps draws the maps of d into the directory outDir, which must
// exist: map.png (map.svg with opts.SVG), map.gif, waves.png and
// waves.csv, as [Render] does for a run with per-patch outputs (for a
// program that built d in memory, see mapdata.NewBuilderFor). Each file
// replaces any of its name; on error none is written. Pictures that cannot
// be drawn (no epidemics for waves.png) are listed in Result.Skipped.
func RenderMaps(d *mapdata.Data, outDir string, opts Options) (Result, error) {
	opts = opts.withDefaults()
	if err := opts.check(); err != nil {
		return Result{}, &OptionsError{err}
	}
	r := &runData{dir: d.Dir, maps: d, opts: opts}
	var pics []picture
	r.addMapPictures(func(name string, build func() (func(draw.Canvas) error, error)) {
		fn, err := build()
		if err != nil {
			r.note("%s skipped: %v", name, err)
			return
		}
		pics = append(pics, picture{name, fn})
	})
	res := Result{Skipped: r.notes}
	tmp, err := newStaging(filepath.Join(outDir, ".maps"))
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp)
	var names []string
	for _, pic := range pics {
		name := pic.name + opts.ext()
		if err := writePicture(filepath.Join(tmp, name), pic, opts); err != nil {
			return res, fmt.Errorf("drawing %s: %w", name, err)
		}
		names = append(names, filepath.Join(outDir, name))
		if pic.name == "map" {
			if names, err = r.writeMapFiles(tmp, outDir, names); err != nil {
				return res, err
			}
		}
	}
	for _, name := range names {
		if err := os.Rename(filepath.Join(tmp, filepath.Base(name)), name); err != nil {
			return res, err
		}
		res.Files = append(res.Files, name)
	}
	return res, nil
}

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
