package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/sweep/slurm"
)

// slurmJobTimeout bounds the wait for the test's jobs: the 6 small points
// run in well under a second and a local cluster starts a queued job within
// seconds, so this is only a guard against a cluster that never runs them.
const slurmJobTimeout = 5 * time.Minute

// TestSweepOnSlurm submits small sweeps through a real Slurm: `rubeola
// sweep slurm --shards 2`, submit.sh, both jobs waited for; the merged
// directory must equal the in-process `rubeola sweep` of the same file byte
// for byte (every point file except the wall-clock timing.csv, sweep.csv,
// sweep.json). Paths hold blanks and quotes. It needs a running cluster
// (scripts/slurm-local.sh) and RUBEOLA_SLURM_TEST=1.
func TestSweepOnSlurm(t *testing.T) {
	if os.Getenv("RUBEOLA_SLURM_TEST") != "1" {
		t.Skip("needs a running Slurm: start one with scripts/slurm-local.sh (root) and set RUBEOLA_SLURM_TEST=1")
	}
	for _, tool := range []string{"sbatch", "scontrol"} {
		_, err := exec.LookPath(tool)
		require.NoError(t, err, "RUBEOLA_SLURM_TEST=1 but %s is not on PATH", tool)
	}
	root := filepath.Join(t.TempDir(), `it's a "sweep"`)
	bin := filepath.Join(root, "bin dir", "rubeola")
	build, err := exec.Command("go", "build", "-o", bin, "../cmd/rubeola").CombinedOutput()
	require.NoError(t, err, string(build))

	tests := []struct {
		name  string
		extra string // lines added to slurmTestSweep's [sweep] table
		// filesPerPoint are the compared files of a point: states.csv,
		// fadeouts.csv, summary.json and point.json of a single run; the
		// same with the first three under ensemble/ for an ensemble.
		filesPerPoint int
	}{
		{"single runs", "", 4},
		{"ensembles of 2 replicates", "replicates = 2\n", 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(root, tc.name)
			require.NoError(t, os.MkdirAll(dir, 0o755))
			file := writeFile(t, dir, "beta.toml", slurmTestSweep+tc.extra)
			want := filepath.Join(dir, "in process")
			code, _, stderr := runCLI(t, "sweep", file, "--out", want, "--no-progress")
			require.Equal(t, 0, code, stderr)

			out := filepath.Join(dir, "on slurm")
			gen, err := exec.Command(bin, "sweep", "slurm", file, "--shards", "2", "--out", out, "--time", "10:00").CombinedOutput()
			require.NoError(t, err, string(gen))
			start := time.Now()
			submitted, err := exec.Command(filepath.Join(slurm.Dir(out), slurm.SubmitScript)).CombinedOutput()
			require.NoError(t, err, string(submitted))
			arrayID := submatch(t, `sweep array job: (\S+) `, string(submitted))
			mergeID := submatch(t, `merge job: (\S+) `, string(submitted))
			waitForJobs(t, out, arrayID, mergeID)
			t.Logf("array job %s and merge job %s done %.1f s after submission", arrayID, mergeID, time.Since(start).Seconds())

			for _, log := range []string{"sweep-" + arrayID + "_0.out", "sweep-" + arrayID + "_1.out", "merge-" + mergeID + ".out"} {
				assert.FileExists(t, filepath.Join(slurm.LogDir(out), log), "the job ran under Slurm and logged")
			}
			// + sweep.csv and sweep.json.
			assert.Equal(t, slurmTestPoints*tc.filesPerPoint+2, assertSameSweep(t, want, out), "files compared")
		})
	}
}

// submatch returns the first group of pattern in s.
func submatch(t *testing.T, pattern, s string) string {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	require.NotNil(t, m, "no %q in %q", pattern, s)
	return m[1]
}

// jobStateRE finds the state of each job (array task) in `scontrol show job
// -o` output, one line per job.
var jobStateRE = regexp.MustCompile(`\bJobState=(\S+)`)

// waitForJobs polls `scontrol show job` until every job (every task of an
// array) is COMPLETED; it fails with the jobs' records and logs when one
// ends otherwise or slurmJobTimeout passes. (There is no accounting
// database on the local cluster, so sacct is not used.)
func waitForJobs(t *testing.T, dir string, ids ...string) {
	t.Helper()
	deadline := time.Now().Add(slurmJobTimeout)
	for {
		var records bytes.Buffer
		done := true
		for _, id := range ids {
			out, err := exec.Command("scontrol", "show", "job", "-o", id).CombinedOutput()
			records.Write(out)
			if err != nil {
				failJobs(t, dir, "scontrol show job "+id+": "+err.Error(), records.String())
			}
			states := jobStateRE.FindAllStringSubmatch(string(out), -1)
			if len(states) == 0 {
				failJobs(t, dir, "no job state for "+id, records.String())
			}
			for _, s := range states {
				switch s[1] {
				case "COMPLETED":
				case "PENDING", "CONFIGURING", "RUNNING", "COMPLETING":
					done = false
				default:
					failJobs(t, dir, "job "+id+" ended "+s[1], records.String())
				}
			}
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			failJobs(t, dir, "jobs not done after "+slurmJobTimeout.String(), records.String())
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// failJobs fails the test with the reason, the jobs' records and every log.
func failJobs(t *testing.T, dir, reason, records string) {
	t.Helper()
	var b strings.Builder
	b.WriteString(reason + "\n" + records)
	logs, _ := filepath.Glob(filepath.Join(slurm.LogDir(dir), "*"))
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			data = []byte(err.Error())
		}
		b.WriteString("\n--- " + log + "\n" + string(data))
	}
	t.Fatal(b.String())
}

// assertSameSweep checks that got holds exactly want's files with the same
// bytes (but the wall-clock volatileFiles), apart from the slurm/ and
// shards/ folders `rubeola sweep slurm` adds. It returns the number of files
// compared.
func assertSameSweep(t *testing.T, want, got string) int {
	t.Helper()
	wantFiles := testkit.Tree(t, want, volatileFiles...)
	gotFiles := testkit.Tree(t, got, volatileFiles...)
	for rel := range gotFiles {
		if top, _, _ := strings.Cut(rel, "/"); slices.Contains(slurmEntries, top) {
			delete(gotFiles, rel)
		}
	}
	assert.Equal(t, wantFiles, gotFiles)
	return len(wantFiles)
}
