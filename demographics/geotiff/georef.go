package geotiff

import (
	"fmt"
	"math"
)

// Georef maps pixels to lon/lat for a north-up raster. X0, Y0 are the
// lon/lat of the outer top-left corner of pixel (0, 0), after the
// tiepoint's raster (I, J) and PixelIsPoint's half-pixel shift have been
// applied; DX > 0 and DY > 0 are the pixel width and height in degrees.
// Pixel (col, row) covers lon [X0+DX·col, X0+DX·(col+1)] and lat
// [Y0−DY·(row+1), Y0−DY·row].
type Georef struct{ X0, Y0, DX, DY float64 }

// PixelCenter returns the lon/lat of the centre of pixel (col, row):
// lon = X0 + DX·(col+0.5), lat = Y0 − DY·(row+0.5) (SPEC §10.4).
func (g Georef) PixelCenter(col, row int) (lon, lat float64) {
	return g.X0 + g.DX*(float64(col)+0.5), g.Y0 - g.DY*(float64(row)+0.5)
}

// Pixel returns the fractional raster coordinates of lon/lat: the point
// lies in pixel (floor(col), floor(row)), and pixel centres are at
// half-integers. It is the inverse of PixelCenter.
func (g Georef) Pixel(lon, lat float64) (col, row float64) {
	return (lon - g.X0) / g.DX, (g.Y0 - lat) / g.DY
}

// Bounds returns the outer extent of a width × height raster.
func (g Georef) Bounds(width, height int) (minLon, minLat, maxLon, maxLat float64) {
	return g.X0, g.Y0 - g.DY*float64(height), g.X0 + g.DX*float64(width), g.Y0
}

// parseGeoref derives the Georef from ModelTiepoint + ModelPixelScale or
// ModelTransformation (GeoTIFF 1.0 §2.6.1) and the GeoKeys (§2.7), and
// validates it for a width × height raster.
func parseGeoref(d *ifd, width, height int) (Georef, error) {
	keys, err := parseGeoKeys(d)
	if err != nil {
		return Georef{}, err
	}
	if mt, ok := keys[geoKeyModelType]; ok && mt != modelTypeGeographic {
		return Georef{}, fmt.Errorf("%w: GTModelTypeGeoKey is %d (%s), want 2 (geographic)", ErrNotGeographic, mt, modelTypeName(mt))
	}
	var i, j, x, y, dx, dy float64
	switch {
	case d.has(TagModelTransformation):
		// | X |   | a b 0 d | | I |
		// | Y | = | e f 0 h | | J |   (GeoTIFF 1.0 §2.6.1, matrix stored row by row)
		m, err := d.floats(TagModelTransformation)
		if err != nil {
			return Georef{}, err
		}
		if len(m) != 16 {
			return Georef{}, fmt.Errorf("%w: ModelTransformation has %d values, want 16", ErrCorrupt, len(m))
		}
		if m[1] != 0 || m[4] != 0 {
			return Georef{}, fmt.Errorf("%w: rotated or sheared ModelTransformation (b = %g, e = %g)", ErrUnsupported, m[1], m[4])
		}
		dx, dy, x, y = m[0], -m[5], m[3], m[7]
	case d.has(TagModelTiepoint) && d.has(TagModelPixelScale):
		tp, err := d.floats(TagModelTiepoint)
		if err != nil {
			return Georef{}, err
		}
		sc, err := d.floats(TagModelPixelScale)
		if err != nil {
			return Georef{}, err
		}
		if len(tp) < 6 || len(sc) < 2 {
			return Georef{}, fmt.Errorf("%w: ModelTiepoint has %d values (want 6) and ModelPixelScale %d (want 3)", ErrCorrupt, len(tp), len(sc))
		}
		// Tiepoint (I, J, K, X, Y, Z): raster point (I, J) is model point (X, Y).
		i, j, x, y, dx, dy = tp[0], tp[1], tp[3], tp[4], sc[0], sc[1]
	case d.has(TagModelTiepoint):
		return Georef{}, fmt.Errorf("%w: ModelTiepoint without ModelPixelScale (ground control points)", ErrUnsupported)
	default:
		return Georef{}, fmt.Errorf("%w: no ModelTiepoint + ModelPixelScale nor ModelTransformation tag", ErrBadGeoref)
	}
	// Raster space (GeoTIFF 1.0 §2.5.2.2): with PixelIsArea, raster point
	// (0, 0) is the outer corner of pixel (0, 0); with PixelIsPoint it is the
	// pixel's centre, so the corner lies half a pixel up and to the left.
	if keys[geoKeyRasterType] == rasterPixelIsPoint {
		i, j = i+0.5, j+0.5
	}
	g := Georef{X0: x - i*dx, Y0: y + j*dy, DX: dx, DY: dy}
	return g, g.validate(width, height)
}

// validate requires positive finite pixel sizes and an extent inside
// lon [−180, 180] × lat [−90, 90], with half a pixel of slack (SPEC §10.4).
func (g Georef) validate(width, height int) error {
	if !(g.DX > 0 && g.DY > 0) || math.IsInf(g.DX, 0) || math.IsInf(g.DY, 0) {
		return fmt.Errorf("%w: pixel size %g × %g, want both > 0 (north-up)", ErrBadGeoref, g.DX, g.DY)
	}
	w, s, e, n := g.Bounds(width, height)
	if !(w >= -180-g.DX/2 && e <= 180+g.DX/2 && s >= -90-g.DY/2 && n <= 90+g.DY/2) {
		return fmt.Errorf("%w: extent lon [%g, %g] × lat [%g, %g] is outside lon [-180, 180] × lat [-90, 90]", ErrBadGeoref, w, e, s, n)
	}
	return nil
}

// modelTypeName names GTModelTypeGeoKey values (GeoTIFF 1.0 §6.3.1.1).
func modelTypeName(v uint16) string {
	switch v {
	case modelTypeProjected:
		return "projected"
	case modelTypeGeographic:
		return "geographic"
	case modelTypeGeocentric:
		return "geocentric"
	}
	return "undefined or user-defined"
}

// parseGeoKeys returns the SHORT GeoKeys stored inside the GeoKeyDirectory
// (GeoTIFF 1.0 §2.4: a header KeyDirectoryVersion, KeyRevision,
// MinorRevision, NumberOfKeys, then per key KeyID, TIFFTagLocation, Count,
// Value_Offset; location 0 means the value is Value_Offset itself). Keys
// stored in other tags (doubles, ASCII) are not needed and skipped.
func parseGeoKeys(d *ifd) (map[uint16]uint16, error) {
	keys := map[uint16]uint16{}
	if !d.has(TagGeoKeyDirectory) {
		return keys, nil
	}
	v, err := d.uints(TagGeoKeyDirectory)
	if err != nil {
		return nil, err
	}
	if len(v) < 4 || uint64(len(v)) < 4+4*v[3] {
		return nil, fmt.Errorf("%w: GeoKeyDirectory has %d values, too few for its header and keys", ErrCorrupt, len(v))
	}
	for k := 4; k < 4+4*int(v[3]); k += 4 {
		if v[k+1] == 0 {
			keys[uint16(v[k])] = uint16(v[k+3])
		}
	}
	return keys, nil
}
