package geotifftest

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
	fs.longs(tagImageWidth, width)
	fs.longs(tagImageLength, height)
	fs.shorts(tagBitsPerSample, 8*info.size)
	fs.shorts(tagCompression, o.Compression)
	fs.shorts(tagPhotometric, 1) // BlackIsZero (TIFF 6.0 Section 4)
	fs.shorts(tagSamplesPerPixel, 1)
	fs.shorts(tagPlanarConfiguration, 1)
	fs.shorts(tagSampleFormat, info.code)
	if o.Predictor > 1 {
		fs.shorts(tagPredictor, o.Predictor)
	}
	counts := make([]int, len(chunks))
	for i, c := range chunks {
		counts[i] = len(c)
	}
	offTag, cntTag := uint16(tagStripOffsets), uint16(tagStripByteCounts)
	if o.Tiled {
		offTag, cntTag = tagTileOffsets, tagTileByteCounts
		fs.longs(tagTileWidth, g.chunkW)
		fs.longs(tagTileLength, g.chunkH)
	} else {
		fs.longs(tagRowsPerStrip, g.chunkH)
	}
	offsets := fs.longs(offTag, make([]int, len(chunks))...)
	fs.longs(cntTag, counts...)
	describeGeo(fs, o)
	if o.NoData != "" {
		fs.ascii(tagGDALNoData, o.NoData)
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
		fs.doubles(tagModelTransformation,
			gr.DX, 0, 0, gr.X0+s*gr.DX,
			0, -gr.DY, 0, gr.Y0-s*gr.DY,
			0, 0, 0, 0,
			0, 0, 0, 1)
	default:
		i, j := o.TiepointIJ[0], o.TiepointIJ[1]
		fs.doubles(tagModelTiepoint, i, j, 0, gr.X0+(i+s)*gr.DX, gr.Y0-(j+s)*gr.DY, 0)
		fs.doubles(tagModelPixelScale, gr.DX, gr.DY, 0)
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
	fs.shorts(tagGeoKeyDirectory, append([]int{1, 1, 0, len(keys) / 4}, keys...)...)
}
