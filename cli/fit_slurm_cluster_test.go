package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/sweep/slurm"
)

// TestFitOnSlurm submits a small profile through a real Slurm: `rubeola fit
// slurm --shards 3` of the synthetic problem's profile (8 values of r0, as
// in TestFitShardMerge), submit.sh, both jobs waited for; the merged
// profile.csv and mcap.json must equal the in-process `rubeola fit` of the
// same file byte for byte. Paths hold blanks, quotes and $. Like
// [TestSweepOnSlurm] it needs a running cluster (scripts/slurm-local.sh)
// and RUBEOLA_SLURM_TEST=1.
func TestFitOnSlurm(t *testing.T) {
	if os.Getenv("RUBEOLA_SLURM_TEST") != "1" {
		t.Skip("needs a running Slurm: start one with scripts/slurm-local.sh (root) and set RUBEOLA_SLURM_TEST=1")
	}
	for _, tool := range []string{"sbatch", "scontrol"} {
		_, err := exec.LookPath(tool)
		require.NoError(t, err, "RUBEOLA_SLURM_TEST=1 but %s is not on PATH", tool)
	}
	root := filepath.Join(t.TempDir(), `it's a "fit" of $r0`)
	bin := filepath.Join(root, "bin dir", "rubeola")
	build, err := exec.Command("go", "build", "-o", bin, "../cmd/rubeola").CombinedOutput()
	require.NoError(t, err, string(build))

	dir := filepath.Join(root, "problem")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	file := fitFixture(t, dir, fitTestProfile(fitTestProfileRange))
	want := filepath.Join(dir, "in process")
	code, _, stderr := runCLI(t, "fit", file, "--out", want, "--no-progress", "--no-plot")
	require.Equal(t, 0, code, stderr)

	out := filepath.Join(dir, "on slurm")
	gen, err := exec.Command(bin, "fit", "slurm", file, "--shards", "3", "--out", out, "--time", "10:00").CombinedOutput()
	require.NoError(t, err, string(gen))
	start := time.Now()
	submitted, err := exec.Command(filepath.Join(slurm.Dir(out), slurm.SubmitScript)).CombinedOutput()
	require.NoError(t, err, string(submitted))
	arrayID := submatch(t, `fit array job: (\S+) \(3 tasks\)`, string(submitted))
	mergeID := submatch(t, `merge job: (\S+) `, string(submitted))
	waitForJobs(t, out, arrayID, mergeID)
	t.Logf("array job %s and merge job %s done %.1f s after submission", arrayID, mergeID, time.Since(start).Seconds())

	for i := range 3 {
		assert.FileExists(t, filepath.Join(slurm.LogDir(out), "fit-"+arrayID+"_"+string(rune('0'+i))+".out"), "the task ran under Slurm and logged")
		assert.Equal(t, []string{"profile-shard-" + string(rune('0'+i)) + "-of-3.csv"}, fitFiles(t, slurm.ShardDir(out, i)))
	}
	assert.FileExists(t, filepath.Join(slurm.LogDir(out), "merge-"+mergeID+".out"))
	assert.ElementsMatch(t, []string{"profile.csv", "mcap.json", "profile.png"}, fitFiles(t, out))
	for _, name := range []string{"profile.csv", "mcap.json"} {
		assert.Equal(t, readString(t, filepath.Join(want, "fit", name)), readString(t, filepath.Join(out, "fit", name)),
			"%s: the shards run on Slurm give the in-process profile", name)
	}
}
