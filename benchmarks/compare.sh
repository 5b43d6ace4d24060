#!/usr/bin/env bash
# Compare rubeola with the NumPy baseline (../shared/baseline) in one run on
# the same machine and the same scenario.
#
#   benchmarks/compare.sh [N=1000] [TICKS=520] [REPS=3]
#
# The baseline exports its synthetic scenario; both run it for TICKS ticks,
# REPS times; the script prints the median run-phase seconds (setup, i.e.
# building the mixing matrix, excluded for both) and their ratio.
# Component lists: both run the baseline's list (equilibrium, importation,
# infection with gravity mixing, vital dynamics, state, population,
# case-surveillance and fade-out trackers); rubeola's is benchmarks/baseline.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
ticks=${2:-520}
reps=${3:-3}
baseline=../shared/baseline/run.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$baseline" --patches "$n" --ticks 1 --write-scenario "$work/scenario.csv" >/dev/null
go build -o "$work/rubeola" ./cmd/rubeola

"$baseline" --scenario-csv "$work/scenario.csv" --ticks "$ticks" --reps "$reps" --surveillance vectorized \
  | grep '^numpy' > "$work/numpy.csv"
for rep in $(seq 1 "$reps"); do
  "$work/rubeola" run --config benchmarks/baseline.toml --scenario "$work/scenario.csv" --ticks "$ticks" --seed "$rep" --no-progress \
    --out "$work/out-$rep" >/dev/null
done

python3 - "$work" "$n" "$ticks" "$reps" <<'PY'
import json, statistics, sys
work, n, ticks, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
numpy_run = [float(line.split(",")[5]) for line in open(f"{work}/numpy.csv")]
go_run, go_setup = [], []
for rep in range(1, reps + 1):
    s = json.load(open(f"{work}/out-{rep}/summary.json"))
    go_run.append(s["wall_time_seconds"] - s["setup_seconds"])
    go_setup.append(s["setup_seconds"])
a, b = statistics.median(numpy_run), statistics.median(go_run)
print(f"N={n} ticks={ticks} reps={reps}")
print(f"numpy vectorized run phase: {a:.4f} s (median)")
print(f"rubeola run phase:          {b:.4f} s (median; setup {statistics.median(go_setup):.4f} s)")
print(f"speed-up: {a / b:.1f}x   ({n * ticks / b:,.0f} patch-ticks/s)")
PY
