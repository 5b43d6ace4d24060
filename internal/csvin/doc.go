// Package csvin reads CSV files that users give rubeola (scenarios, WPP
// tables, SIA schedules, births/deaths and census tables, case data, fit
// profile shards, user mixing matrices) with bounded resources.
//
// [encoding/csv] holds a whole record in memory before it returns it, so one
// 100 MB line of 50 million fields costs gigabytes before any loader can say
// a word. A [Reader] counts the bytes and fields of the record being read as
// they stream in and stops at the first record that passes its [Limits]
// (by default [MaxFields] fields and [MaxRecordBytes] bytes), with a
// [*LimitError] naming the line and the limit. Memory is then bounded by the
// limits, not by the input.
//
// The reader also holds the setup every loader repeated: a leading UTF-8
// byte order mark is dropped, records may have any number of fields
// (loaders report ragged rows themselves), and [Reader.Header] returns the
// first record's names trimmed of surrounding white space.
//
// It is internal: rubeola's CSV loaders use it; docs/limits.md lists the
// limits and their messages for users.
package csvin
