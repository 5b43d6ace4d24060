// Package view writes `rubeola view`'s page: one self-contained HTML file
// (data, script and styles inline; nothing loaded from anywhere) with a map
// of a run's patches over time and linked time series.
//
// [WritePage] writes the page for a [Payload]: the map's patches (ids,
// coordinates, population and per-period compartments and cases as
// gzip-compressed float32 arrays, [Floats]), the all-patch totals, an
// ensemble's bands, a fit's data against its simulated bands with the IF2
// trace, and admin boundaries. The page's script, styles and the vendored
// uPlot charting library (assets/uplot, MIT licence) are embedded with
// go:embed.
package view
