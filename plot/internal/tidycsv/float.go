package tidycsv

import "strconv"

// parseFloat converts b with strconv (the conversion of b to a string
// does not escape, so it does not allocate).
func parseFloat(b []byte) (float64, error) { return strconv.ParseFloat(string(b), 64) }
