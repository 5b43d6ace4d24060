// Package view writes `rubeola view`'s page: one self-contained HTML file
// (data, script and styles inline; nothing loaded from anywhere) with a map
// of a run's patches over time and linked time series.
//
// [Build] reads a run directory (its per-patch tables through plot/mapdata),
// an ensemble (the per-patch medians and the all-patch bands of
// DIR/ensemble) or a fit (DIR/fit: [ReadFit]) into a [Payload] ([Load]) and
// writes DIR/view/index.html atomically with [WritePage]. The payload holds
// the map's places (ids, projected coordinates, population and per-period
// compartments and cases as gzip-compressed float32 arrays, [Floats]; at
// most [DefaultMaxValues], periods merged beyond), the all-patch totals, an
// ensemble's bands, a fit's data against its simulated bands with the IF2
// trace, and admin boundaries from a shapefile ([ReadBoundaries]). The
// page's script, styles and the vendored uPlot charting library
// (assets/uplot, MIT licence) are embedded in the binary. docs/viewer.md
// describes the page.
package view
