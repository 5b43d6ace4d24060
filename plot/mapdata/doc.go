// Package mapdata loads what a map of a run needs from its output
// directory, for the map pictures of `rubeola plot` and for other viewers:
//
//   - the places: the run's scenario patches (ids, latitude, longitude,
//     population), found from summary.json's inputs.scenario (a path, or
//     a builder it can rebuild; [FindScenario]) or given; above
//     [GridThreshold] patches they are summed into square grid cells
//     ([GridCells] along the longer side) so that a map of 10⁶ patches
//     holds at most 16 384 places;
//   - a [Projection] (Lambert azimuthal equal-area, centred on the
//     patches; its Name is for labels) to kilometres, and [DistanceKm];
//   - per reporting period (a week by default; one tick for the biweekly
//     model) and place: the mean of each compartment of the per-patch
//     states table (S, E, I, R, …) over the period's ticks and the sum of
//     the per-patch reported cases ([Data], [Data.Incidence]).
//
// [PhaseLags] is the phase analysis of travelling waves (Grenfell,
// Bjørnstad & Kappey 2001): each place's lag behind the largest against
// its distance from it.
//
// [Load] streams the per-patch states.csv and cases.csv once each, row by
// row, holding no string per row; memory is the scenario plus a float32
// per place, period and state (954 towns × 1 042 weeks × 5 states is 20
// MB), whatever the size of the tables. A [Builder] takes the rows one at
// a time, for a caller that reads the states table for other pictures in
// the same pass ([NewBuilderFor]: for counts a program holds in memory).
package mapdata
