package geotiff

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Image is the first image (IFD 0) of a classic TIFF file with its
// georeferencing. Open parses only the header and the directory; pixels are
// decoded on demand by ReadWindow, which is safe for concurrent use when the
// underlying io.ReaderAt is (an *os.File is).
type Image struct {
	r    io.ReaderAt
	name string // file path prefixed to errors, "" for Open

	order       binary.ByteOrder
	width       int
	height      int
	bits        int
	format      int
	kind        sampleKind
	compression int
	predictor   int // 1 when the compression has no predictor stage
	layout      layout
	georef      Georef
	nodata      float64
	hasNoData   bool

	buffers sync.Pool // *chunkReader, see decode.go
}

// Open parses the TIFF header, the first image file directory and the
// GeoTIFF keys of the size-byte file r. It reads no pixel data. Errors wrap
// ErrUnsupported, ErrNotGeographic, ErrCorrupt or ErrBadGeoref where they
// apply.
func Open(r io.ReaderAt, size int64) (*Image, error) {
	return open(r, size, true)
}

// open is Open, optionally without georeferencing (for interoperability
// tests with tools that drop the GeoTIFF tags).
func open(r io.ReaderAt, size int64, georeferenced bool) (*Image, error) {
	d, err := readFirstIFD(r, size)
	if err != nil {
		return nil, err
	}
	im := &Image{r: r, order: d.order}
	if err := im.parseFormat(d); err != nil {
		return nil, err
	}
	if im.layout, err = parseLayout(d, im.width, im.height, im.bits/8); err != nil {
		return nil, err
	}
	if err := im.layout.check(size, im.compression); err != nil {
		return nil, err
	}
	if georeferenced {
		if im.georef, err = parseGeoref(d, im.width, im.height); err != nil {
			return nil, err
		}
	}
	if err := im.parseNoData(d); err != nil {
		return nil, err
	}
	return im, nil
}

// parseFormat reads the image size and the sample encoding and rejects
// what this reader does not implement (see the package documentation).
func (im *Image) parseFormat(d *ifd) error {
	for _, t := range []uint16{TagImageWidth, TagImageLength} {
		if !d.has(t) {
			return fmt.Errorf("%w: missing tag %d (ImageWidth/ImageLength)", ErrCorrupt, t)
		}
	}
	w, err := d.uint(TagImageWidth, 0)
	if err != nil {
		return err
	}
	h, err := d.uint(TagImageLength, 0)
	if err != nil {
		return err
	}
	if w == 0 || h == 0 {
		return fmt.Errorf("%w: image is %d×%d pixels", ErrCorrupt, w, h)
	}
	im.width, im.height = int(w), int(h)
	vals := map[uint16]uint64{
		TagSamplesPerPixel: 1, TagPlanarConfiguration: 1, TagBitsPerSample: 1, TagSampleFormat: sampleFormatUint,
		TagCompression: compressionNone, TagPredictor: predictorNone, TagFillOrder: 1,
	}
	for t, def := range vals {
		if vals[t], err = d.uint(t, def); err != nil {
			return err
		}
	}
	if spp := vals[TagSamplesPerPixel]; spp != 1 {
		return fmt.Errorf("%w: %d samples per pixel", ErrUnsupported, spp)
	}
	if pc := vals[TagPlanarConfiguration]; pc != 1 {
		return fmt.Errorf("%w: planar configuration %d (separate planes)", ErrUnsupported, pc)
	}
	if fo := vals[TagFillOrder]; fo != 1 {
		return fmt.Errorf("%w: fill order %d", ErrUnsupported, fo)
	}
	im.bits, im.format = int(vals[TagBitsPerSample]), int(vals[TagSampleFormat])
	if im.kind, err = kindOf(vals[TagSampleFormat], vals[TagBitsPerSample]); err != nil {
		return err
	}
	c := vals[TagCompression]
	switch c {
	case compressionNone, compressionLZW, compressionDeflate, compressionDeflateOld:
		im.compression = int(c)
	default:
		if name, ok := compressionNames[c]; ok {
			return fmt.Errorf("%w: compression %d (%s)", ErrUnsupported, c, name)
		}
		return fmt.Errorf("%w: compression %d", ErrUnsupported, c)
	}
	im.predictor = predictorNone
	if c == compressionNone {
		return nil // like libtiff, only codecs apply a Predictor (TIFF 6.0 Section 14)
	}
	switch p := vals[TagPredictor]; {
	case p == predictorNone || p == predictorHorizontal:
		im.predictor = int(p)
	case p == predictorFloatingPoint && im.format == sampleFormatFloat:
		im.predictor = int(p)
	case p == predictorFloatingPoint:
		return fmt.Errorf("%w: predictor 3 with integer samples", ErrUnsupported)
	default:
		return fmt.Errorf("%w: predictor %d", ErrUnsupported, p)
	}
	return nil
}

// parseNoData reads GDAL's GDAL_NODATA tag (42113): the nodata value as an
// ASCII decimal number.
func (im *Image) parseNoData(d *ifd) error {
	if !d.has(TagGDALNoData) {
		return nil
	}
	s, err := d.ascii(TagGDALNoData)
	if err != nil {
		return err
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return fmt.Errorf("%w: GDAL_NODATA %q is not a number", ErrCorrupt, s)
	}
	im.nodata, im.hasNoData = v, true
	return nil
}

// Width returns the image width in pixels (columns).
func (im *Image) Width() int { return im.width }

// Height returns the image height in pixels (rows).
func (im *Image) Height() int { return im.height }

// Georef returns the mapping from pixels to lon/lat.
func (im *Image) Georef() Georef { return im.georef }

// Bounds returns the image's outer extent in degrees.
func (im *Image) Bounds() (minLon, minLat, maxLon, maxLat float64) {
	return im.georef.Bounds(im.width, im.height)
}

// NoData returns the GDAL_NODATA value (tag 42113) and whether the file has
// one. It may be NaN.
func (im *Image) NoData() (float64, bool) { return im.nodata, im.hasNoData }

// BitsPerSample returns 8, 16, 32 or 64.
func (im *Image) BitsPerSample() int { return im.bits }

// SampleFormat returns the TIFF SampleFormat code: 1 unsigned integer,
// 2 signed integer, 3 IEEE floating point (TIFF 6.0 Section 19).
func (im *Image) SampleFormat() int { return im.format }

// Compression returns the TIFF Compression code: 1 none, 5 LZW, 8 or 32946
// Deflate.
func (im *Image) Compression() int { return im.compression }

// Predictor returns the Predictor applied before compression: 1 none,
// 2 horizontal differencing, 3 floating point. It is 1 for uncompressed
// images, whose Predictor tag is ignored as libtiff does.
func (im *Image) Predictor() int { return im.predictor }

// ByteOrder returns the file's byte order.
func (im *Image) ByteOrder() binary.ByteOrder { return im.order }

// Tiled reports whether the image is stored in tiles rather than strips.
func (im *Image) Tiled() bool { return im.layout.tiled }

// BlockSize returns the size in pixels of one strip (width × rows per
// strip) or tile. Windows aligned to blocks decode the least data.
func (im *Image) BlockSize() (width, height int) { return im.layout.chunkW, im.layout.chunkH }
