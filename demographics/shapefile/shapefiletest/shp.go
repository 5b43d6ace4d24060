package shapefiletest

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// Layout from the ESRI Shapefile Technical Description (July 1998): a
// 100-byte header (file code 9994, file length in 16-bit words, version
// 1000, shape type, bounding box), then per record an 8-byte big-endian
// header (number from 1, content length in words) and little-endian
// content. The .shx repeats the header and holds, per record, its offset
// and content length in words.
const (
	headerLen = 100
	fileCode  = 9994
	version   = 1000
)

// encodeShapes returns the .shp and .shx bytes for shapes.
func encodeShapes(shapes []shapefile.Shape) (shp, shx []byte, err error) {
	contents := make([][]byte, len(shapes))
	var box [4]float64
	first := true
	for i, s := range shapes {
		if contents[i], err = encodeShape(s); err != nil {
			return nil, nil, fmt.Errorf("shape %d: %w", i, err)
		}
		if s.Type == shapefile.TypeNull {
			continue
		}
		b := shapeBox(s)
		if first {
			box, first = b, false
		}
		box = [4]float64{min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3])}
	}
	shp = header(box)
	shx = header(box)
	for i, c := range contents {
		shx = binary.BigEndian.AppendUint32(shx, uint32(len(shp)/2))
		shx = binary.BigEndian.AppendUint32(shx, uint32(len(c)/2))
		shp = binary.BigEndian.AppendUint32(shp, uint32(i+1))
		shp = binary.BigEndian.AppendUint32(shp, uint32(len(c)/2))
		shp = append(shp, c...)
	}
	binary.BigEndian.PutUint32(shp[24:], uint32(len(shp)/2))
	binary.BigEndian.PutUint32(shx[24:], uint32(len(shx)/2))
	return shp, shx, nil
}

func header(box [4]float64) []byte {
	h := make([]byte, headerLen)
	binary.BigEndian.PutUint32(h, fileCode)
	binary.LittleEndian.PutUint32(h[28:], version)
	binary.LittleEndian.PutUint32(h[32:], shapefile.TypePolygon)
	for i, v := range box {
		binary.LittleEndian.PutUint64(h[36+8*i:], math.Float64bits(v))
	}
	return h
}

// encodeShape returns one record's content: a null shape or a polygon.
func encodeShape(s shapefile.Shape) ([]byte, error) {
	c := binary.LittleEndian.AppendUint32(nil, uint32(s.Type))
	switch s.Type {
	case shapefile.TypeNull:
		return c, nil
	case shapefile.TypePolygon:
	default:
		return nil, fmt.Errorf("shape type %d: only 0 (null) and 5 (polygon) are written", s.Type)
	}
	parts := s.Parts
	if len(parts) == 0 {
		parts = []int{0}
	}
	for i, p := range parts {
		if (i == 0 && p != 0) || (i > 0 && p <= parts[i-1]) || p >= len(s.Points) {
			return nil, fmt.Errorf("parts %v invalid for %d points", parts, len(s.Points))
		}
	}
	for _, v := range shapeBox(s) {
		c = binary.LittleEndian.AppendUint64(c, math.Float64bits(v))
	}
	c = binary.LittleEndian.AppendUint32(c, uint32(len(parts)))
	c = binary.LittleEndian.AppendUint32(c, uint32(len(s.Points)))
	for _, p := range parts {
		c = binary.LittleEndian.AppendUint32(c, uint32(p))
	}
	for _, p := range s.Points {
		c = binary.LittleEndian.AppendUint64(c, math.Float64bits(p.X))
		c = binary.LittleEndian.AppendUint64(c, math.Float64bits(p.Y))
	}
	return c, nil
}

// shapeBox is s.BBox, or the points' bounds when BBox is zero.
func shapeBox(s shapefile.Shape) [4]float64 {
	if s.BBox == ([4]float64{}) {
		return bounds(s.Points)
	}
	return s.BBox
}
