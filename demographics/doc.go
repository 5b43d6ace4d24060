// Package demographics turns public data into validated rubeola scenarios,
// without Python or GDAL (SPEC §10). Nothing from UN WPP, GADM or WorldPop is
// bundled: data are downloaded at run time and cached.
//
// # Population prospects (UN World Population Prospects)
//
// [NewPopProspects] returns a country's population by five-year age group
// for 1950–2100 ([PopProspects.PopMat]), the derived vital data
// ([VitalData]: mortality by age and year, crude birth rate and its
// multipliers) and [PopProspects.PopulationPyramid] for any year, from
// not-a-knot cubic splines. The bulk WPP file is streamed once (zip, gzip or
// CSV), matched on ISO3 codes, and an extract per country is cached under
// <cache>/wpp/, so later calls make no request.
//
// # Ages, deaths and births for the agent-based model
//
// The ABM's WPP vital dynamics draw from three tables (docs/demography.md
// has the formats, formulas and errors). Ages are whole days; years are
// calendar years with fractions (2000.5); a year is [DaysPerYear] = 365
// days, as in SPEC §10.1.
//
//   - [AgeDistribution]: initial ages. [PopProspects.AgeDistribution] takes
//     the pyramid of a start year (1950–2100, else [ErrYearOutOfRange]);
//     [NewAgeDistribution] and [LoadAgeDistributionCSV] (columns
//     age_min,age_max,count in years) take a user's. [AgeDistribution.Sample]
//     draws a band by a Walker alias table and a day uniformly within it:
//     O(1), two uniforms.
//   - [MortalityTable]: a daily death hazard by age band and calendar
//     period, from [VitalData.Mortality] (MortMat/MortYear as steps),
//     [NewMortalityTable] or [LoadMortalityCSV] (columns
//     year_min,year_max,age_min,age_max,mx; mx in deaths per person-year).
//     [MortalityTable.DeathAfter] draws the remaining life in days by inverse
//     transform along the cohort (age and date advance together); nobody
//     outlives the last age edge.
//   - [FertilityTable]: births per person per day by period, from
//     [VitalData.Fertility] (BirthRate × BrMultY) or [LoadFertilityCSV]
//     (columns year_min,year_max,cbr; births per 1000 per year);
//     [FertilityTable.BirthRateAt] answers for a date.
//
// Bad tables wrap [ErrBadPyramid], [ErrBadMortality] or [ErrBadFertility]
// and name the file, row and column.
//
// # Administrative shapefiles and DOTNAME
//
// [AddDotname] adds a DOTNAME field (lower-case, colon-joined names such as
// "nigeria:kano:dala") to a shapefile, in place or as side files;
// [ReadShapefile] reads features with their attributes, DOTNAME and polygons;
// [NewGlobalAdminShapefile] opens a GADM file and ensures its DOTNAME. These
// live in the sub-package [shapefile] and are re-exported here.
//
// # GADM downloads
//
// [Download] fetches a country's GADM 4.1 shapefiles (mirror via
// [WithMirror] or RUBEOLA_GADM_MIRROR), extracts them all-or-nothing
// refusing entries that escape the directory, and returns the requested admin
// level with its DOTNAME field.
//
// # Rasters → scenario
//
// [NewRasterPatchGenerator] sums a population GeoTIFF over every polygon of a
// DOTNAME-labelled shapefile (pixel centres inside the polygon, holes
// excluded), takes each polygon's area centroid as lat/lon and a
// population-weighted MCV1 coverage from an optional MCV1 raster (and, from
// an optional MCV2 raster, the extra column mcv2 computed the same way), and
// returns a validated [scenario.Table] ([RasterPatchGenerator.Scenario]). GeoTIFFs are
// read by the in-house reader in sub-package [geotiff], which decodes only the
// strips or tiles each polygon needs.
//
// [GridScenario] needs no polygons: one patch per grid cell ([ParseGridCell]:
// "1km" = 30″, "5km", "0.1deg") with at least [GridOptions.MinPop] people,
// the raster read in bands of strips or tiles so that memory follows its
// width, not its area; a grid of more than [MaxGridCells] cells is
// [ErrGridTooFine] before any pixel is read.
//
// # Cache
//
// [LoadCache] opens the on-disk cache (default [DefaultCacheDir]): one JSON
// entry per key, written atomically, safe for concurrent processes, and
// invalidated when an input file is newer than the entry.
//
// # Network and errors
//
// Downloads take a context and an idle timeout ([DefaultTimeout]) that bounds
// every silence (connecting, headers, between body bytes) but not the whole
// transfer; nothing is retried. Failures wrap the sentinels of errors.go
// ([ErrHTTPStatus], [ErrTimeout], [ErrCorruptArchive],
// [ErrUnsafeArchivePath], [ErrUnknownCountry], …) for [errors.Is].
package demographics
