#!/usr/bin/env bash
# Records the outputs of a fixed set of runs into DIR (issue 33's layout check): the default biweekly run, the
# England & Wales example (shortened), the agent-based model for 730 ticks, a 16-replicate ensemble, a 2-point sweep,
# a run resumed from its snapshot, and a London log-likelihood. Run it before and after a change and compare the two
# directories with `scripts/golden.sh compare OLD NEW`: every file must be byte-identical apart from timing fields.
#
#   scripts/golden.sh record DIR        (builds ./cmd/rubeola and ./examples/englandwales from this checkout)
#   scripts/golden.sh compare OLD NEW
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${RUBEOLA_SHARED:-../shared}
case ${1:-} in
record)
	out=$(realpath -m "$2")
	mkdir -p "$out"
	bin=$out/.bin
	mkdir -p "$bin"
	go build -o "$bin/rubeola" ./cmd/rubeola
	go build -o "$bin/englandwales" ./examples/englandwales
	r=$bin/rubeola
	$r run --no-progress --out "$out/default" >"$out/default.stdout"
	$r run --no-progress --model abm --ticks 730 --out "$out/abm" >"$out/abm.stdout"
	$r run --no-progress --replicates 16 --out "$out/ensemble" >"$out/ensemble.stdout"
	cat >"$bin/sweep.toml" <<'TOML'
scenario = { builder = "grid", rows = 3, cols = 3, pop = 50000, mcv1 = 0.7 }
[params]
num_ticks = 52
start_time = "2000-01"
seed = 1
[[phases]]
type = "InitializeEquilibriumStates"
R0 = 8
[[phases]]
type = "InfectionSeeding"
[[phases]]
type = "ImportationPressure"
[[phases]]
type = "Infection"
mixer = { type = "gravity", k = 0.01 }
[[phases]]
type = "VitalDynamics"
[[phases]]
type = "StateTracker"
[[phases]]
type = "FadeOutTracker"
[sweep]
mode = "grid"
"phases.Infection.beta" = [0.5, 0.7]
TOML
	$r sweep "$bin/sweep.toml" --no-progress --workers 1 --out "$out/sweep" >"$out/sweep.stdout"
	$r run --no-progress --snapshot-every 100 --out "$out/snaprun" >/dev/null
	$r resume "$out/snaprun/snapshots/tick-000200.snap" --no-progress --out "$out/resumed" >"$out/resumed.stdout"
	rm -rf "$out/snaprun"
	if [[ -d $shared/data ]]; then
		"$bin/englandwales" -data "$shared/data/england_wales_954.csv" -years 6 -out "$out/englandwales" >"$out/englandwales.stdout" || true
		$r fit examples/he2010/london.toml --loglik --particles 2000 --filters 2 --out "$out/fit" >"$out/fit.stdout"
	fi
	rm -rf "$bin"
	;;
compare)
	# Timing fields differ run to run: timing tables, summary.json's timing_us, init_us and *_seconds, rates per
	# second, the run directory's own path in the printed lines. Pictures are not compared (fonts, timing panels).
	timing_filter='walk(if type == "object" then with_entries(select(.key | test("timing|_us$|seconds|per_second|elapsed|resumed_from") | not)) else . end)'
	timing_lines='[0-9.]+ ?(s|ms)\b|/s\b|outputs:|wrote '
	status=0
	while IFS= read -r f; do
		rel=${f#"$2"/}
		g=$3/$rel
		if [[ ! -e $g ]]; then echo "missing in $3: $rel"; status=1; continue; fi
		case $rel in
		*timing.csv | *timing.parquet | *.png | *.svg) continue ;;
		esac
		if ! cmp -s "$f" "$g"; then
			if [[ $rel == *.json ]] && cmp -s <(jq -S "$timing_filter" "$f") <(jq -S "$timing_filter" "$g"); then
				continue
			fi
			if [[ $rel == *.stdout ]] && cmp -s <(grep -Ev "$timing_lines" "$f") <(grep -Ev "$timing_lines" "$g"); then
				continue
			fi
			echo "differs: $rel"
			status=1
		fi
	done < <(find "$2" -type f | sort)
	exit $status
	;;
*)
	echo "usage: scripts/golden.sh record DIR | compare OLD NEW" >&2
	exit 2
	;;
esac
