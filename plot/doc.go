// Package plot draws pictures of a run's outputs with gonum/plot, read from
// the files a run wrote (docs/outputs.md): the global S, I, R curves, an
// incidence heat-map of patches × ticks, reported cases of the largest
// groups, the fade-out curve (share of ticks, or reporting windows, without reported cases
// against patch population), the per-phase time per tick and, for an
// ensemble, the median with 50 % and 90 % bands of the global I (and
// reported cases) and of the largest patches' reported cases; every user
// tracker's table as a time series by group ([ReadTable] reads one); with
// per-patch outputs, maps of incidence (map.png, the animated map.gif) and
// the travelling waves of epidemics (waves.png, waves.csv: each patch's
// phase lag behind the largest against distance), from the data package
// plot/mapdata ([RenderMaps] draws them from data built in memory); and
// the pictures a binary added with [RegisterPicture].
//
// [Render] reads a run directory (CSV or Parquet tables, found by name;
// the per-patch states.csv once for every picture, the maps included),
// skips a picture whose inputs are missing (with a note) and writes PNG or
// SVG files into a plots directory atomically: all pictures or none. Bad
// input files give an [*InputError] naming the file, row and column; so
// does a table cut while it was written (its last tick incomplete). Only
// what a picture needs is read: the population table up to its first
// tick, Parquet files column by column.
// docs/plots.md describes each picture and how to read it.
package plot
