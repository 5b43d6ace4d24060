// Command rasterscenario builds a scenario from a population raster and an
// administrative shapefile, the way a real one is built from WorldPop and
// GADM data, but with small synthetic inputs the program writes itself into
// a temporary directory (no download):
//
//  1. a GADM-like level-1 shapefile (shapefiletest.WritePolygons): a 4 × 4
//     grid of provinces 0.5° wide over lon 10–12, lat 5–7, with the fields
//     COUNTRY and NAME_1 and a WGS84 .prj;
//  2. demographics.AddDotname adds the DOTNAME field the generator keys
//     patches by ("atlantis:province 1", …);
//  3. a 40 × 40 population raster of 0.05° pixels (geotifftest.WriteFile,
//     float32, Deflate, tiled) with two cities on a rural background, and a
//     coarse MCV1 raster in percent falling from 95 % in the west to 50 % in
//     the east;
//  4. demographics.NewRasterPatchGenerator(…).Scenario sums the pixels
//     under each polygon, takes the population-weighted MCV1 and the area
//     centroid, and returns a validated scenario.Table.
//
// The program prints the scenario, runs the standard schedule on it for two
// years and prints the three provinces with the highest attack rate. The
// same steps on real files are `rubeola shapefile download` and `rubeola
// scenario raster` (README, "From public data to a scenario").
package main
