// Package tmpname names rubeola's temporary files and directories after
// their owner, so that those a killed process left behind can be told
// from everything else and removed (issue 26 item 6: kill -9 left
// .DIR.tmp-… directories and .snap.tmp… files that later runs kept).
//
// A temporary beside its destination NAME is named
//
//	.NAME.tmp-PID.HOST-RANDOM
//
// where PID is the decimal id of the process that made it, HOST the eight
// lowercase hexadecimal digits of the FNV-1a hash of the host name
// ([os.Hostname]) and RANDOM what [os.CreateTemp] or [os.MkdirTemp]
// adds. A temporary is stale — provably left by a dead rubeola — when its
// name has exactly this form, HOST is this host's and no process PID
// exists here. [RemoveStale] removes stale temporaries and nothing else: a
// temporary of another host (a shared file system) or of a running
// process, and any other name, are left alone. On systems where the
// existence of a process cannot be checked, nothing is stale.
package tmpname
