// Package tidycsv reads the large CSV tables a run writes (per-patch
// states, cases) row by row without allocating per row: each field of the
// current row is a byte slice into a reused buffer, valid until the next
// row. Quoted fields (RFC 4180, "" for a quote, line breaks inside quotes)
// are unquoted into a scratch buffer. It is internal to the plot packages:
// encoding/csv allocates a string per field, which at hundreds of millions
// of rows was most of the reading time.
package tidycsv
