// Package slurm writes the batch scripts that run a rubeola sweep on a Slurm
// cluster: a job array with one task per shard (`rubeola sweep SWEEP --shard
// i/n`), a merge job that depends on the whole array (`rubeola sweep merge`),
// and a submit script that submits both and prints their job ids.
//
// The layout under the sweep's output directory DIR is
//
//	DIR/slurm/sweep.sbatch   the shard array (--array=0-(n-1))
//	DIR/slurm/merge.sbatch   the merge, submitted with --dependency=afterok on the array
//	DIR/slurm/submit.sh      submits both
//	DIR/slurm/logs/          one log per array task and one for the merge
//	DIR/shards/s000 …        shard i's output directory (see [ShardDir])
//	DIR/points/p00000 …      the merged sweep, as `rubeola sweep --out DIR` writes it
//
// With [Options.Kind] [KindFit] the scripts run a profile likelihood of a fit
// file instead, for `rubeola fit slurm`: the array is DIR/slurm/fit.sbatch,
// task i running `rubeola fit FILE --shard i/n --out DIR/shards/sNNN`, the
// merge runs `rubeola fit merge --out DIR` of every shard directory (into
// DIR/fit), and the rest of the layout is the same.
//
// Every path in the scripts is absolute and quoted, for the shell and for
// sbatch's #SBATCH parser, so directories with spaces or quotes work.
// [Options.Validate] checks the Slurm values (the time limit's formats, job
// name, partition, account, memory) before anything is written, and [Write]
// writes the scripts all-or-nothing.
package slurm
