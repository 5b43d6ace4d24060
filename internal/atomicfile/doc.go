// Package atomicfile writes files all-or-nothing: the content goes to a
// temporary file in the destination's directory, is flushed and closed, and is
// renamed over the destination only when everything succeeded. A reader of
// the destination therefore sees either the old file or the complete new one,
// never a partial write, and a failed write leaves no temporary file behind.
// [Write] does this for one file; [Group] stages several files and renames
// them together, in order, once all were written.
//
// It is internal: rubeola's packages use it for every result file, cache
// entry and download.
package atomicfile
