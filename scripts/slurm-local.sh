#!/usr/bin/env bash
# slurm-local.sh: a real single-node Slurm cluster on this machine, for testing `rubeola sweep slurm`.
#
#   scripts/slurm-local.sh          install (when missing), configure and start; waits until the node is idle
#   scripts/slurm-local.sh stop     stop slurmd, slurmctld and munged
#   scripts/slurm-local.sh status   print whether the daemons run and what sinfo says
#
# Uses Debian's packages (slurm-wlm, munge) and starts the daemons directly, without systemd, so it works in a
# container whose PID 1 is not an init system. No cgroups (proctrack/linuxproc, task/none), no accounting database:
# finished jobs stay visible to `scontrol show job` for MinJobAge seconds. The node is "localhost" with the CPUs and
# memory `slurmd -C` reports; one partition, "local". Rerunning while the cluster is up does nothing. The script
# refuses to overwrite an /etc/slurm/slurm.conf it did not write. Needs root.
#
# Environment: SLURM_LOCAL_TIMEOUT (seconds to wait for each daemon and for the idle node, default 60).
set -euo pipefail

readonly conf_dir=/etc/slurm
readonly conf=$conf_dir/slurm.conf
readonly marker='# Written by rubeola scripts/slurm-local.sh (single-node test cluster).'
readonly node=localhost
readonly partition=local
readonly run_dir=/run/slurm
readonly state_dir=/var/lib/slurm/slurmctld
readonly spool_dir=/var/lib/slurm/slurmd
readonly log_dir=/var/log/slurm
readonly munge_run=/run/munge
readonly munge_key=/etc/munge/munge.key
readonly ctld_pid=$run_dir/slurmctld.pid
readonly slurmd_pid=$run_dir/slurmd.pid
readonly munged_pid=$munge_run/munged.pid
readonly timeout_s=${SLURM_LOCAL_TIMEOUT:-60}

log() { printf 'slurm-local: %s\n' "$*" >&2; }
die() {
	log "error: $*"
	exit 1
}

# alive PIDFILE: the process named in PIDFILE is running.
alive() {
	local pid
	[[ -s $1 ]] || return 1
	pid=$(<"$1")
	[[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

# wait_for WHAT CMD...: retries CMD every half second until it succeeds or the timeout passes.
wait_for() {
	local what=$1 deadline=$((SECONDS + timeout_s))
	shift
	until "$@" >/dev/null 2>&1; do
		((SECONDS < deadline)) || return 1
		sleep 0.5
	done
	log "$what"
}

dump_logs() {
	local f
	for f in "$log_dir/slurmctld.log" "$log_dir/slurmd.log" /var/log/munge/munged.log; do
		[[ -r $f ]] || continue
		log "last lines of $f:"
		tail -n 30 "$f" >&2 || true
	done
}

install_packages() {
	local missing=0 cmd
	for cmd in slurmctld slurmd sbatch munged mungekey; do
		command -v "$cmd" >/dev/null 2>&1 || missing=1
	done
	((missing)) || return 0
	command -v apt-get >/dev/null 2>&1 || die "Slurm is not installed and apt-get is unavailable"
	log "installing slurm-wlm and munge with apt-get"
	local t0=$SECONDS
	timeout 600 apt-get -o DPkg::Lock::Timeout=300 update -q >&2
	DEBIAN_FRONTEND=noninteractive timeout 900 apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends slurm-wlm munge >&2
	log "installed in $((SECONDS - t0))s"
}

# node_line: the NodeName line for slurm.conf from the hardware slurmd detects, renamed to localhost.
node_line() {
	local detected
	detected=$(slurmd -C | head -n 1)
	[[ $detected == NodeName=* ]] || die "unexpected output of slurmd -C: $detected"
	printf 'NodeName=%s NodeAddr=127.0.0.1 %s State=UNKNOWN\n' "$node" "${detected#NodeName=* }"
}

write_conf() {
	local tmp
	if [[ -e $conf ]] && ! grep -qxF "$marker" "$conf"; then
		die "$conf exists and was not written by this script; not overwriting it"
	fi
	mkdir -p "$conf_dir"
	tmp=$(mktemp "$conf_dir/.slurm.conf.XXXXXX")
	cat >"$tmp" <<EOF
$marker
ClusterName=rubeola-local
SlurmctldHost=$node
SlurmUser=slurm
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=900
StateSaveLocation=$state_dir
SlurmdSpoolDir=$spool_dir
SlurmctldPidFile=$ctld_pid
SlurmdPidFile=$slurmd_pid
SlurmctldLogFile=$log_dir/slurmctld.log
SlurmdLogFile=$log_dir/slurmd.log
$(node_line)
PartitionName=$partition Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
	chmod 0644 "$tmp"
	if [[ -e $conf ]] && cmp -s "$tmp" "$conf"; then
		rm -f "$tmp"
	else
		mv -f "$tmp" "$conf"
		log "wrote $conf"
	fi
}

start_munged() {
	if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
		return 0
	fi
	if [[ ! -s $munge_key ]]; then
		mungekey --create --keyfile="$munge_key"
	fi
	chown munge:munge "$munge_key"
	chmod 0600 "$munge_key"
	install -d -o munge -g munge -m 0755 "$munge_run"
	alive "$munged_pid" || runuser -u munge -- munged
	wait_for "munged is up" bash -c 'munge -n </dev/null | unmunge' || {
		dump_logs
		die "munged did not start within ${timeout_s}s"
	}
}

start_slurm() {
	install -d -m 0755 "$run_dir"
	chown slurm:slurm "$run_dir"
	install -d -o slurm -g slurm -m 0755 "$state_dir" "$log_dir"
	install -d -m 0755 "$spool_dir"
	if ! alive "$ctld_pid"; then
		slurmctld
	fi
	wait_for "slurmctld is up" scontrol ping || {
		dump_logs
		die "slurmctld did not answer within ${timeout_s}s"
	}
	if ! alive "$slurmd_pid"; then
		slurmd -N "$node"
	fi
	wait_for "node $node is idle" node_idle || {
		sinfo >&2 || true
		dump_logs
		die "node $node did not become idle within ${timeout_s}s"
	}
}

# node_idle: sinfo reports the node idle (or partly/fully allocated to jobs, which also means it is up).
node_idle() {
	local state
	state=$(sinfo -h -n "$node" -o %T 2>/dev/null) || return 1
	[[ $state == idle || $state == mixed || $state == allocated ]]
}

running() {
	alive "$ctld_pid" && alive "$slurmd_pid" && node_idle
}

start() {
	[[ $EUID -eq 0 ]] || die "run as root (installs packages and starts system daemons)"
	export PATH=$PATH:/usr/sbin:/sbin
	if command -v slurmctld >/dev/null 2>&1 && [[ -e $conf ]] && running; then
		log "already running; nothing to do"
		return 0
	fi
	local t0=$SECONDS
	install_packages
	write_conf
	start_munged
	start_slurm
	log "ready in $((SECONDS - t0))s: partition $partition, node $node ($(sinfo -h -n "$node" -o '%c CPUs, %m MB'))"
}

# stop_daemon NAME PIDFILE: sends TERM and waits for the process to go.
stop_daemon() {
	local name=$1 pidfile=$2 pid deadline
	if ! alive "$pidfile"; then
		log "$name is not running"
		return 0
	fi
	pid=$(<"$pidfile")
	kill -TERM "$pid"
	deadline=$((SECONDS + timeout_s))
	while kill -0 "$pid" 2>/dev/null; do
		((SECONDS < deadline)) || die "$name (pid $pid) did not stop within ${timeout_s}s"
		sleep 0.2
	done
	log "stopped $name"
}

stop() {
	[[ $EUID -eq 0 ]] || die "run as root"
	stop_daemon slurmd "$slurmd_pid"
	stop_daemon slurmctld "$ctld_pid"
	stop_daemon munged "$munged_pid"
}

status() {
	local name pidfile
	for name in munged slurmctld slurmd; do
		case $name in
		munged) pidfile=$munged_pid ;;
		slurmctld) pidfile=$ctld_pid ;;
		slurmd) pidfile=$slurmd_pid ;;
		esac
		if alive "$pidfile"; then
			printf '%s: running (pid %s)\n' "$name" "$(<"$pidfile")"
		else
			printf '%s: stopped\n' "$name"
		fi
	done
	if command -v sinfo >/dev/null 2>&1 && alive "$ctld_pid"; then
		sinfo
	fi
}

case ${1:-start} in
start) start ;;
stop) stop ;;
status) status ;;
*)
	printf 'usage: %s [start|stop|status]\n' "$0" >&2
	exit 2
	;;
esac
