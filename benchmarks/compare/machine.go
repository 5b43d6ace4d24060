package main

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// machine labels the results with the CPU (brand, cores, SIMD features
// the kernels can select) as cpuid reports it.
func machine() string {
	var feats []string
	for _, f := range []struct {
		name string
		id   cpuid.FeatureID
	}{{"AVX2", cpuid.AVX2}, {"FMA3", cpuid.FMA3}, {"AVX512F", cpuid.AVX512F}} {
		if cpuid.CPU.Supports(f.id) {
			feats = append(feats, f.name)
		}
	}
	return fmt.Sprintf("%s, %d CPUs available (GOMAXPROCS %d), %s", strings.TrimSpace(cpuid.CPU.BrandName),
		runtime.NumCPU(), runtime.GOMAXPROCS(0), strings.Join(feats, " "))
}
