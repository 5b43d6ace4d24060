#!/usr/bin/env bash
# Compare rubeola with the NumPy baseline (../shared/baseline) in one run on
# the same machine and the same scenario: whole processes with outputs
# written (CSV and Parquet), run phase, peak RSS, mixing-matrix build and the
# agreement check, labelled with the CPU and date. See benchmarks/compare/.
#
#   benchmarks/compare.sh [N,...=1000,5000] [TICKS=520] [REPS=3] [extra flags…]
#   benchmarks/compare.sh 1000,5000 520 3 -md perf.md
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${1:-1000,5000}
ticks=${2:-520}
reps=${3:-3}
shift $(( $# < 3 ? $# : 3 ))
exec go run ./benchmarks/compare -n "$sizes" -ticks "$ticks" -reps "$reps" "$@"
