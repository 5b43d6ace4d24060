//go:build amd64 && !purego

package mixing

import "github.com/klauspost/cpuid/v2"

// distConsts is the constant table of the assembly row kernels; the byte
// offsets are fixed in distrow_amd64.s: 0 ½, 8 1, 16 piHi, 24 piLo,
// 32 pio2Hi, 40 −pio2Hi, 48 −piHi, 56 2·EarthRadiusKm, 64 pio2Lo, 72… sinPoly
// (8 values), 136… asinPoly (13 values).
var distConsts = func() []float64 {
	c := []float64{0.5, 1, piHi, piLo, pio2Hi, -pio2Hi, -piHi, 2 * EarthRadiusKm, pio2Lo}
	c = append(c, sinPoly[:]...)
	return append(c, asinPoly[:]...)
}()

// distRowAVX512 and distRowAVX2 are the assembly row kernels on the first
// n points (n a multiple of 8, > 0); decay15 is 0 or 1.
//
//go:noescape
func distRowAVX512(out *float64, n int, phi, lam, cosPhi *float64, phi1, lam1, cos1 float64, decay15 int, consts *float64)

//go:noescape
func distRowAVX2(out *float64, n int, phi, lam, cosPhi *float64, phi1, lam1, cos1 float64, decay15 int, consts *float64)

// asmDistRow adapts an assembly row kernel to a distRowFunc: the assembly
// takes the multiple-of-8 prefix, distRowGeneric the rest.
func asmDistRow(kernel func(out *float64, n int, phi, lam, cosPhi *float64, phi1, lam1, cos1 float64, decay15 int, consts *float64)) distRowFunc {
	return func(out, phi, lam, cosPhi []float64, phi1, lam1, cos1 float64, decay15 bool) {
		n := len(out)
		_, _, _ = phi[n-1], lam[n-1], cosPhi[n-1] // bounds for the assembly
		n8 := n &^ 7
		if n8 > 0 {
			flag := 0
			if decay15 {
				flag = 1
			}
			kernel(&out[0], n8, &phi[0], &lam[0], &cosPhi[0], phi1, lam1, cos1, flag, &distConsts[0])
		}
		distRowGeneric(out[n8:], phi[n8:], lam[n8:], cosPhi[n8:], phi1, lam1, cos1, decay15)
	}
}

// distRowImpls lists the row kernels this CPU can run, best first, ending
// with the pure-Go one; tests compare them all.
func distRowImpls() []namedDistRow {
	var out []namedDistRow
	if cpuid.CPU.Supports(cpuid.AVX512F) {
		out = append(out, namedDistRow{"avx512", asmDistRow(distRowAVX512)})
	}
	if cpuid.CPU.Supports(cpuid.AVX2) {
		out = append(out, namedDistRow{"avx2", asmDistRow(distRowAVX2)})
	}
	return append(out, namedDistRow{"go", distRowGeneric})
}

func init() { distRowImpl = distRowImpls()[0].fn }
