package shapefile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// Layout of a .shp file (ESRI Shapefile Technical Description, July 1998):
// a 100-byte header whose first int32 (big-endian) is the file code 9994,
// then records of an 8-byte header (record number and content length in
// 16-bit words, both big-endian int32) and little-endian content.
const (
	shpHeaderLen    = 100
	shpFileCode     = 9994
	recordHeaderLen = 8
)

// readShapes decodes every record of a .shp file's bytes.
func readShapes(data []byte) ([]Shape, error) {
	if err := checkShpHeader(data); err != nil {
		return nil, err
	}
	var shapes []Shape
	for pos := shpHeaderLen; pos < len(data); {
		content, next, err := nextRecord(data, pos, len(shapes)+1)
		if err != nil {
			return nil, err
		}
		s, err := decodeShape(content)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", len(shapes)+1, err)
		}
		shapes = append(shapes, s)
		pos = next
	}
	return shapes, nil
}

func checkShpHeader(head []byte) error {
	if len(head) < shpHeaderLen {
		return fmt.Errorf("truncated header: %d of %d bytes", len(head), shpHeaderLen)
	}
	if code := int32(binary.BigEndian.Uint32(head)); code != shpFileCode {
		return fmt.Errorf("not a shapefile: file code %d, want %d", code, shpFileCode)
	}
	return nil
}

// nextRecord returns the content of the record at pos and the position of
// the next one; n numbers the record from 1 for messages.
func nextRecord(data []byte, pos, n int) (content []byte, next int, err error) {
	if len(data)-pos < recordHeaderLen {
		return nil, 0, fmt.Errorf("record %d: truncated record header at byte %d", n, pos)
	}
	size := 2 * int64(int32(binary.BigEndian.Uint32(data[pos+4:])))
	start := int64(pos + recordHeaderLen)
	if size < 4 || start+size > int64(len(data)) {
		return nil, 0, fmt.Errorf("record %d: content length %d bytes at byte %d does not fit the %d-byte file",
			n, size, pos, len(data))
	}
	return data[start : start+size], int(start + size), nil
}

// countShapes walks the record headers of a .shp stream without decoding
// the geometry.
func countShapes(r io.Reader) (int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head := make([]byte, shpHeaderLen)
	if _, err := io.ReadFull(br, head); err != nil {
		return 0, fmt.Errorf("truncated header: %w", err)
	}
	if err := checkShpHeader(head); err != nil {
		return 0, err
	}
	rec := make([]byte, recordHeaderLen)
	for n := 1; ; n++ {
		if _, err := io.ReadFull(br, rec); err == io.EOF {
			return n - 1, nil
		} else if err != nil {
			return 0, fmt.Errorf("record %d: truncated record header", n)
		}
		size := 2 * int64(int32(binary.BigEndian.Uint32(rec[4:])))
		if size < 4 {
			return 0, fmt.Errorf("record %d: content length %d bytes", n, size)
		}
		if got, err := br.Discard(int(size)); err != nil {
			return 0, fmt.Errorf("record %d: truncated content: %d of %d bytes", n, got, size)
		}
	}
}

// decodeShape decodes one record's content as 2-D geometry.
func decodeShape(c []byte) (Shape, error) {
	t := int(int32(binary.LittleEndian.Uint32(c)))
	s := Shape{Type: t}
	switch t {
	case 0:
		return s, nil
	case 1, 11, 21: // point: x, y
		if len(c) < 20 {
			return Shape{}, errTruncated(t)
		}
		p := Point{float64At(c, 4), float64At(c, 12)}
		s.BBox = [4]float64{p.X, p.Y, p.X, p.Y}
		s.Points = []Point{p}
		return s, nil
	case 8, 18, 28: // multipoint: box, numPoints, points
		if len(c) < 40 {
			return Shape{}, errTruncated(t)
		}
		s.BBox = bbox(c)
		pts, err := points(c, 40, int32At(c, 36))
		s.Points = pts
		return s, err
	case 3, 13, 23, 5, 15, 25, 31: // polyline, polygon, multipatch
		return decodeParts(c, s)
	}
	return Shape{}, fmt.Errorf("unsupported shape type %d", t)
}

// decodeParts reads box, numParts, numPoints, parts, (multipatch part
// types,) points.
func decodeParts(c []byte, s Shape) (Shape, error) {
	if len(c) < 44 {
		return Shape{}, errTruncated(s.Type)
	}
	s.BBox = bbox(c)
	numParts, numPoints := int32At(c, 36), int32At(c, 40)
	if numParts < 0 || int64(numParts)*4 > int64(len(c)-44) {
		return Shape{}, fmt.Errorf("shape type %d: %d parts do not fit the record", s.Type, numParts)
	}
	s.Parts = make([]int, numParts)
	for i := range s.Parts {
		s.Parts[i] = int(int32At(c, 44+4*i))
	}
	pos := 44 + 4*int(numParts)
	if s.Type == 31 {
		pos += 4 * int(numParts) // part types
	}
	pts, err := points(c, pos, numPoints)
	if err != nil {
		return Shape{}, err
	}
	s.Points = pts
	for i, p := range s.Parts {
		if (i == 0 && p != 0) || (i > 0 && p <= s.Parts[i-1]) || p >= len(pts) {
			return Shape{}, fmt.Errorf("part %d starts at point %d (parts %v, %d points)", i, p, s.Parts, len(pts))
		}
	}
	return s, nil
}

func points(c []byte, pos int, n int32) ([]Point, error) {
	if n < 0 || int64(pos)+16*int64(n) > int64(len(c)) {
		return nil, fmt.Errorf("%d points do not fit the record", n)
	}
	pts := make([]Point, n)
	for i := range pts {
		pts[i] = Point{float64At(c, pos+16*i), float64At(c, pos+16*i+8)}
	}
	return pts, nil
}

func bbox(c []byte) [4]float64 {
	return [4]float64{float64At(c, 4), float64At(c, 12), float64At(c, 20), float64At(c, 28)}
}

func float64At(c []byte, i int) float64 {
	return math.Float64frombits(binary.LittleEndian.Uint64(c[i:]))
}

func int32At(c []byte, i int) int32 { return int32(binary.LittleEndian.Uint32(c[i:])) }

func errTruncated(t int) error {
	return errors.New("truncated shape of type " + fmt.Sprint(t))
}
