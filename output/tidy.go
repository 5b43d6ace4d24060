package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
)

// planTidy lists the tidy tables: the most granular StateTracker's (states.csv
// or states.parquet) first, then one per further tracker: population, cases,
// fadeouts (a second tracker of a kind gets "-2", and so on; further
// StateTrackers are states-2, …). With a feed, each table follows the running
// model ([liveTracker]); nil exports what is recorded. Nothing is rendered yet.
func planTidy(m *model.Model, chosen *metrics.StateTracker, format metrics.Format, feed *progressFeed) []outputFile {
	writeTidy := metrics.WriteTidyCSV
	if format == metrics.Parquet {
		writeTidy = tidyparquet.Write
	}
	var files []outputFile
	for _, nt := range tidyTrackers(m, chosen) {
		t := following(nt.tracker, feed)
		files = append(files, outputFile{nt.name + format.Ext(), func(w io.Writer) error { return writeTidy(w, t) }})
	}
	return files
}

// following returns t as it follows the running model through feed
// ([liveTracker]), or t itself when feed is nil.
func following(t metrics.Tracker, feed *progressFeed) metrics.Tracker {
	if feed == nil {
		return t
	}
	return liveTracker{Tracker: t, feed: feed}
}

// namedTracker is a tracker and the name of its file without extension.
type namedTracker struct {
	name    string
	tracker metrics.Tracker
}

// tidyTrackers lists the trackers that get a tidy table, in file order,
// with their file names (see [planTidy]).
func tidyTrackers(m *model.Model, chosen *metrics.StateTracker) []namedTracker {
	list := []namedTracker{{"states", chosen}}
	used := map[string]int{"states": 1}
	for _, t := range model.InstancesOf[metrics.Tracker](m) {
		if t == metrics.Tracker(chosen) {
			continue
		}
		base := trackerFileBase(t)
		used[base]++
		name := base
		if used[base] > 1 {
			name = fmt.Sprintf("%s-%d", base, used[base])
		}
		list = append(list, namedTracker{name, t})
	}
	return list
}

// trackerFileBase names a tracker's output file: the built-in trackers'
// fixed names, a [metrics.FileNamer]'s own (a tracker kit's), else Name()
// in lower case with spaces as "_".
func trackerFileBase(t metrics.Tracker) string {
	switch t := t.(type) {
	case *metrics.StateTracker:
		return "states"
	case *metrics.PopulationTracker:
		return "population"
	case *metrics.CaseSurveillanceTracker:
		return "cases"
	case *metrics.FadeOutTracker:
		return "fadeouts"
	case metrics.FileNamer:
		return t.FileBase()
	}
	return strings.ToLower(strings.ReplaceAll(t.Name(), " ", "_"))
}
