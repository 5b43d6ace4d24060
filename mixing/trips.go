package mixing

import "fmt"

// TripsInto returns the expected trips into every patch per unit time,
// TripsInto[j] = Σ_i p_i·mig[i,j] (SPEC §7.1), summing the stored entries of
// mig row by row in increasing i. mig is normally a migration matrix
// (diagonal 0); a mixing matrix's diagonal would be counted as trips too.
// It panics if len(pop) != mig.N().
func TripsInto(mig *Matrix, pop []int64) []float64 {
	checkPopLen(mig, pop)
	out := make([]float64, mig.N())
	for i, p := range pop {
		pi := float64(p)
		cols, vals := mig.Row(i)
		for k, w := range vals {
			j := k
			if cols != nil {
				j = int(cols[k])
			}
			out[j] += float64(pi * w)
		}
	}
	return out
}

// TripsOutOf returns the expected trips out of every patch per unit time,
// TripsOutOf[i] = p_i·Σ_j mig[i,j] (SPEC §7.1). As for [TripsInto], mig is
// normally a migration matrix. It panics if len(pop) != mig.N().
func TripsOutOf(mig *Matrix, pop []int64) []float64 {
	checkPopLen(mig, pop)
	out := mig.RowSums()
	for i, p := range pop {
		out[i] *= float64(p)
	}
	return out
}

// checkPopLen panics when pop does not have one entry per matrix row (a
// programming error, like an index out of range).
func checkPopLen(mig *Matrix, pop []int64) {
	if len(pop) != mig.N() {
		panic(fmt.Sprintf("mixing: %d populations for a %d×%d matrix", len(pop), mig.N(), mig.N()))
	}
}
