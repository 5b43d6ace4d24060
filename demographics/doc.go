// Package demographics will turn public data into validated scenarios: UN
// World Population Prospects (population prospects and age pyramids), GADM
// administrative shapefiles with DOTNAME labels and their download, GeoTIFF
// rasters with zonal statistics, and an on-disk cache.
//
// It is specified in SPEC §10 and arrives in a later milestone; the package
// exists now so that the module's layout is final. It has no API yet.
package demographics
