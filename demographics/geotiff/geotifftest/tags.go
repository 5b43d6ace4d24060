package geotifftest

import "github.com/rubeola/rubeola/demographics/geotiff"

// GeoKeys and values written (GeoTIFF 1.0 §2.7 and §6.3).
const (
	keyModelType      = 1024 // GTModelTypeGeoKey
	keyRasterType     = 1025 // GTRasterTypeGeoKey: 1 PixelIsArea, 2 PixelIsPoint
	keyGeographicType = 2048 // GeographicTypeGeoKey
	gcsWGS84          = 4326 // GeographicTypeGeoKey value for WGS 84 (§6.3.2.1)
)

// describe adds every tag of the image to fs and returns the offsets field,
// whose values encode fills in once the layout is known.
func describe(fs *fields, width, height int, g grid, chunks [][]byte, o Options) *field {
	info := formats[o.Format]
	fs.longs(geotiff.TagImageWidth, width)
	fs.longs(geotiff.TagImageLength, height)
	fs.shorts(geotiff.TagBitsPerSample, 8*info.size)
	fs.shorts(geotiff.TagCompression, o.Compression)
	fs.shorts(geotiff.TagPhotometric, 1) // BlackIsZero (TIFF 6.0 Section 4)
	fs.shorts(geotiff.TagSamplesPerPixel, 1)
	fs.shorts(geotiff.TagPlanarConfiguration, 1)
	fs.shorts(geotiff.TagSampleFormat, info.code)
	if o.Predictor > 1 {
		fs.shorts(geotiff.TagPredictor, o.Predictor)
	}
	counts := make([]int, len(chunks))
	for i, c := range chunks {
		counts[i] = len(c)
	}
	offTag, cntTag := geotiff.TagStripOffsets, geotiff.TagStripByteCounts
	if o.Tiled {
		offTag, cntTag = geotiff.TagTileOffsets, geotiff.TagTileByteCounts
		fs.longs(geotiff.TagTileWidth, g.chunkW)
		fs.longs(geotiff.TagTileLength, g.chunkH)
	} else {
		fs.longs(geotiff.TagRowsPerStrip, g.chunkH)
	}
	offsets := fs.longs(offTag, make([]int, len(chunks))...)
	fs.longs(cntTag, counts...)
	describeGeo(fs, o)
	if o.NoData != "" {
		fs.ascii(geotiff.TagGDALNoData, o.NoData)
	}
	for tag, v := range o.Tags {
		fs.set(tag, v)
	}
	return offsets
}

// describeGeo adds the georeferencing tags (GeoTIFF 1.0 §2.6.1) and the
// GeoKeyDirectory (§2.4): header {1, 1, 0, N}, then per key {id, 0, 1, value}.
func describeGeo(fs *fields, o Options) {
	gr := o.Georef
	s := 0.0
	if o.PixelIsPoint { // raster points are pixel centres (GeoTIFF 1.0 §2.5.2.2)
		s = 0.5
	}
	switch {
	case o.OmitGeoref:
	case o.UseTransformation:
		fs.doubles(geotiff.TagModelTransformation,
			gr.DX, 0, 0, gr.X0+s*gr.DX,
			0, -gr.DY, 0, gr.Y0-s*gr.DY,
			0, 0, 0, 0,
			0, 0, 0, 1)
	default:
		i, j := o.TiepointIJ[0], o.TiepointIJ[1]
		fs.doubles(geotiff.TagModelTiepoint, i, j, 0, gr.X0+(i+s)*gr.DX, gr.Y0-(j+s)*gr.DY, 0)
		fs.doubles(geotiff.TagModelPixelScale, gr.DX, gr.DY, 0)
	}
	var keys []int
	if o.ModelType != 0 {
		keys = append(keys, keyModelType, 0, 1, o.ModelType)
	}
	raster := 1
	if o.PixelIsPoint {
		raster = 2
	}
	keys = append(keys, keyRasterType, 0, 1, raster)
	if o.ModelType == 2 {
		keys = append(keys, keyGeographicType, 0, 1, gcsWGS84)
	}
	fs.shorts(geotiff.TagGeoKeyDirectory, append([]int{1, 1, 0, len(keys) / 4}, keys...)...)
}
