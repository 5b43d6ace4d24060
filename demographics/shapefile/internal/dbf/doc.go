// Package dbf reads and writes the dBase III table (.dbf) that holds a
// shapefile's attributes, at the byte level: the header, the 32-byte field
// descriptors and the fixed-width records. It knows nothing about value
// types or text encodings; package shapefile maps cells to Go values and
// shapefiletest formats fixture values.
//
// Layout (dBase III, as written by ESRI tools, GDAL and GADM):
//
//	bytes 0-31    prefix: version, date of last update (YY-1900, MM, DD),
//	              record count (uint32 LE), header length (uint16 LE),
//	              record length (uint16 LE), reserved bytes
//	32·(k+1)...   one 32-byte descriptor per field: name (11 bytes,
//	              NUL-padded), type (1 byte), reserved (4), size (1),
//	              decimal count (1), reserved (14)
//	suffix        the terminator 0x0D and whatever a writer put after it
//	              (Visual FoxPro adds a 263-byte backlink)
//	records       record length bytes each: a deletion flag (' ' live,
//	              '*' deleted) then the fields' cells, fixed width, no
//	              separators
//	0x1A          optional end-of-file marker
//
// Parsing checks every length against the data, so a truncated or corrupt
// file gives an error, never a panic.
package dbf
