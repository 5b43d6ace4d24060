package mixing

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/scenario"
)

// rowFunc writes row i of a raw kernel W (SPEC §7.2) into w (length N):
// w[j] = W[i,j] ≥ 0 and w[i] = 0. It returns an error for inputs the kernel
// cannot handle (e.g. coincident patches in a distance kernel).
type rowFunc func(i int, w []float64) error

// rawKernel is a raw kernel prepared for one scenario. Kernels are evaluated
// one source row at a time so that a mixer can build a dense matrix, or (for
// truncated mixing) a sparse one without any N×N intermediate.
type rawKernel struct {
	// newRow returns a row function with its own scratch space, for use by
	// one goroutine; row functions of one kernel may run concurrently.
	newRow func() rowFunc
}

// kernelFunc prepares the raw kernel of a mixer for a scenario that passed
// checkScenario and has at least 2 patches. Every kernel mixer (gravity,
// radiation, Stouffer, competing destinations) is a kernelFunc plus the
// shared normalisation of SPEC §7.3 (see kernelMatrix, and
// truncatedKernelMatrix for the sparse build).
type kernelFunc func(scn *scenario.Table) (rawKernel, error)

// kernelMixer is a built-in kernel mixer: kernel validates the parameters
// and returns the raw kernel and the migration scale k.
type kernelMixer interface {
	Mixer
	kernel() (kf kernelFunc, k float64, err error)
}

// buildKernel returns the dense migration (diag false) or mixing (diag true)
// matrix of a kernel mixer for scn.
func buildKernel(km kernelMixer, scn *scenario.Table, diag bool) (*Matrix, error) {
	kf, k, err := km.kernel()
	if err != nil {
		return nil, err
	}
	if err := checkNoCap(km); diag && err != nil {
		return nil, err
	}
	return kernelMatrix(scn, km.Name(), k, kf, diag)
}

// checkNoCap refuses row_sums = "cap" ([RowSumsCap]) for the dense and
// truncated builds: the cap is applied by the factored build and the
// operators (storages float64, float32, streaming and hierarchical),
// which report the rows capped.
func checkNoCap(m Mixer) error {
	if c, ok := m.(interface{ capsRows() bool }); ok && c.capsRows() {
		return fmt.Errorf("mixing: %s: row_sums = %q is applied by the Infection's storages \"float64\" (the default), "+
			"\"float32\", \"streaming\" and \"hierarchical\", not by storage \"dense\" or a truncated mixer", m.Name(), RowSumsCap)
	}
	return nil
}

// kernelMatrix builds the migration matrix (diag false) or the mixing matrix
// (diag true) of a kernel mixer for scn, dense: the raw kernel is written
// row by row into the output buffer together with its row sums, then every
// column j is scaled by k/R_j in place (SPEC §7.3) and, for mixing, the
// diagonal is set to 1 − Σ_{j≠i} mig[i,j]. The only N×N allocation is the
// result. name prefixes error messages.
func kernelMatrix(scn *scenario.Table, name string, k float64, kf kernelFunc, diag bool) (*Matrix, error) {
	n, err := checkScenario(scn)
	if err != nil {
		return nil, err
	}
	if n == 1 { // SPEC §7.2: migration [[0]], mixing [[1]]
		v := 0.0
		if diag {
			v = 1
		}
		return NewDense(1, []float64{v})
	}
	rk, err := kf(scn)
	if err != nil {
		return nil, err
	}
	data := hugepage.Make[float64](n * n)
	rowSums, err := rawRows(scn, name, rk, n, func(i int, _ []float64) []float64 { return data[i*n : (i+1)*n] })
	if err != nil {
		return nil, err
	}
	err = forRows(n, func(lo, hi int) error {
		for i := lo; i < hi; i++ {
			if err := normalizeDenseRow(data[i*n:(i+1)*n], i, k, rowSums, diag, scn.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return NewDense(n, data)
}

// kernelRowSums returns the row sums R_i of the raw kernel rk (n ≥ 2
// patches of scn), computing each row into scratch space exactly as
// kernelMatrix does and keeping none: O(N) memory, O(N²) time.
func kernelRowSums(scn *scenario.Table, name string, rk rawKernel, n int) ([]float64, error) {
	return rawRows(scn, name, rk, n, func(_ int, scratch []float64) []float64 { return scratch })
}

// rawRows computes every row i of rk into dst(i, scratch) (scratch is one
// row of space per goroutine) and returns the row sums, checked for
// overflow. kernelMatrix keeps the rows; kernelRowSums only their sums.
func rawRows(scn *scenario.Table, name string, rk rawKernel, n int, dst func(i int, scratch []float64) []float64) ([]float64, error) {
	rowSums := make([]float64, n)
	err := forRows(n, func(lo, hi int) error {
		row := rk.newRow()
		scratch := make([]float64, n)
		for i := lo; i < hi; i++ {
			w := dst(i, scratch)
			if err := row(i, w); err != nil {
				return err
			}
			rowSums[i] = sum(w)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := checkRowSums(scn, name, rowSums); err != nil {
		return nil, err
	}
	return rowSums, nil
}

// sum returns Σ w in increasing index order (the summation order of every
// raw-kernel row sum, so dense and sparse builds agree bit for bit).
func sum(w []float64) float64 {
	s := 0.0
	for _, v := range w {
		s += v
	}
	return s
}

// checkRowSums rejects raw-kernel row sums that overflowed.
func checkRowSums(scn *scenario.Table, name string, rowSums []float64) error {
	for i, s := range rowSums {
		if math.IsInf(s, 0) || math.IsNaN(s) {
			return fmt.Errorf("mixing: %s: raw kernel row %s sums to %v (overflow: patches too close for the distance exponent?)",
				name, patchName(scn, i), s)
		}
	}
	return nil
}

// parallelMinEntries is the matrix size (N²) below which forRows runs on the
// calling goroutine: starting goroutines costs more than it saves.
const parallelMinEntries = 1 << 16

// forRows calls f on contiguous blocks [lo, hi) covering [0, n), one block
// per goroutine (up to GOMAXPROCS), and waits for all. The result does not
// depend on the number of goroutines: blocks write disjoint rows, and the
// error returned is the one of the lowest block that failed (each block
// stops at its first error, so this is the error of the lowest failing row).
func forRows(n int, f func(lo, hi int) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 || n*n < parallelMinEntries {
		return f(0, n)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for b := range workers {
		lo, hi := b*n/workers, (b+1)*n/workers
		wg.Go(func() { errs[b] = f(lo, hi) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
