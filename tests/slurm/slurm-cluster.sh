# shellcheck shell=bash
# A private, throw-away one-node Slurm cluster for tests (Debian 12: slurm-wlm 22.05 + munge 0.5).
# Source this file, then:
#   slurm_cluster_start              # root only; prints "SKIP: ..." and exits 77 when it cannot run
#   JID=$(sbatch --parsable job.sh)  # clients find the cluster through the exported SLURM_CONF
#   slurm_cluster_wait_job "$JID" 60 # 0 when every (array) task ended COMPLETED with ExitCode 0:0
# slurm_cluster_start installs an EXIT trap (an EXIT trap set before it still runs, after ours)
# that cancels the cluster's jobs, stops the daemons it started by their PIDs, kills leftover
# processes carrying this cluster's tag in their environment, and removes SLURM_TEST_DIR.
# It also sets INT/TERM traps (exit 130/143, which runs the EXIT trap). A script that sets its
# own EXIT trap *after* slurm_cluster_start must call slurm_cluster_stop from it.
# It never touches the host's own munged/slurmd/slurmctld or /etc/slurm: everything (key, munge
# socket, config, state, spool, logs, ports) is private to SLURM_TEST_DIR.
#
# The cluster: node "localhost" (127.0.0.1) with CPUs=$(nproc) and RealMemory = 90% of MemTotal,
# select/cons_tres + CR_CPU (one CPU per task unless -c asks for more; tasks of an array run in
# parallel), one partition "debug" (default, MaxTime=INFINITE), no accounting, no cgroups,
# proctrack/linuxproc, MinJobAge=600 so finished jobs stay visible to scontrol.
# Exported: SLURM_CONF, SLURM_TEST_DIR (exec-able, 0755, root-owned), SLURM_TEST_PARTITION,
# SCHEDSCOPE_SLURM_TAG (inherited by the daemons and by jobs submitted from this shell).
# Knobs (optional, set before slurm_cluster_start): SCHEDSCOPE_SLURM_BASE (parent dir, default
# ${TMPDIR:-/tmp}), SCHEDSCOPE_SLURM_KEEP=1 (keep SLURM_TEST_DIR after exit, for debugging),
# SCHEDSCOPE_SLURM_CONF_EXTRA (lines appended to slurm.conf; a later line overrides an earlier one).

_slurm_ctld_pid=
_slurm_slurmd_pid=
_slurm_munged_pid=
_slurm_prev_exit_trap=
_slurm_cleaned=0

_slurm_skip() { echo "SKIP: $*"; exit 77; }

_slurm_logs() {
    local f
    # the daemons run in the foreground: their stderr (*.out) holds their whole log
    for f in "$SLURM_TEST_DIR"/log/*.out; do
        [[ -s $f ]] || continue
        echo "==== $f (last 30 lines, without the harmless mpi/pmix load errors)"
        grep -vE 'mpi/pmix|pmix_v4|MPI: Cannot create context' "$f" | tail -n 30
    done
}

_slurm_fail() {
    echo "FAIL: $*"
    _slurm_logs
    exit 1
}

# Sends TERM to one PID, waits up to 3 s, then KILL. Only PIDs this library started.
_slurm_stop_pid() {
    local pid=$1 i
    [[ -n $pid ]] || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    for ((i = 0; i < 30; i++)); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

# PIDs of processes whose environment holds SCHEDSCOPE_SLURM_TAG=<ours>, except this shell and
# its ancestors (which carry the tag too). Pure bash, no forks per process.
_slurm_tagged_pids() {
    local tag="SCHEDSCOPE_SLURM_TAG=$SCHEDSCOPE_SLURM_TAG" p pid e line
    local -A skip=()
    pid=$BASHPID
    while [[ -n $pid && $pid != 0 ]]; do
        skip[$pid]=1
        line=
        read -r line 2>/dev/null < "/proc/$pid/stat" || break
        line=${line##*) }          # fields after "(comm) "
        read -r _ pid _ <<< "$line" # state, ppid
    done
    skip[$$]=1
    for p in /proc/[0-9]*; do
        pid=${p#/proc/}
        [[ -n ${skip[$pid]:-} ]] && continue
        local -a env=()
        mapfile -d "" -t env 2>/dev/null < "$p/environ" || continue
        for e in "${env[@]}"; do
            if [[ $e == "$tag" ]]; then echo "$pid"; break; fi
        done
    done
}

_slurm_cluster_cleanup() {
    local rc=$? jobs pid i
    [[ $_slurm_cleaned == 1 ]] && return "$rc"
    _slurm_cleaned=1
    set +e +o pipefail # the caller's errexit must not cut the cleanup short
    trap - INT TERM
    # 1. cancel whatever is still queued or running on *our* controller
    if [[ -n $_slurm_ctld_pid ]] && kill -0 "$_slurm_ctld_pid" 2>/dev/null; then
        jobs=$(timeout 5 squeue -h -o %A 2>/dev/null | sort -u)
        if [[ -n $jobs ]]; then
            # shellcheck disable=SC2086
            timeout 5 scancel $jobs 2>/dev/null
            for ((i = 0; i < 30; i++)); do
                [[ -z $(timeout 3 squeue -h -t R,CG -o %A 2>/dev/null) ]] && break
                sleep 0.2
            done
        fi
    fi
    # 2. the daemons we started, by PID
    _slurm_stop_pid "$_slurm_slurmd_pid"
    _slurm_stop_pid "$_slurm_ctld_pid"
    _slurm_stop_pid "$_slurm_munged_pid"
    # 3. stragglers carrying our tag (slurmstepd, job processes)
    if [[ -n ${SCHEDSCOPE_SLURM_TAG:-} ]]; then
        for ((i = 0; i < 3; i++)); do
            pid=$(_slurm_tagged_pids)
            [[ -z $pid ]] && break
            # shellcheck disable=SC2086
            kill -KILL $pid 2>/dev/null
            sleep 0.2
        done
    fi
    # 4. the private directory
    if [[ ${SCHEDSCOPE_SLURM_KEEP:-0} == 1 ]]; then
        echo "slurm-cluster: kept $SLURM_TEST_DIR" >&2
    elif [[ -n ${SLURM_TEST_DIR:-} && ${SLURM_TEST_DIR##*/} == schedscope-slurm.* ]]; then
        rm -rf -- "$SLURM_TEST_DIR"
    fi
    if [[ -n $_slurm_prev_exit_trap ]]; then
        (exit "$rc")
        eval "$_slurm_prev_exit_trap"
    fi
    return "$rc"
}

# Idempotent; what the EXIT trap runs.
slurm_cluster_stop() { _slurm_cluster_cleanup; }

# Bounded wait: _slurm_wait SECONDS 'command'. Fails early when a daemon we started has died.
_slurm_wait() {
    local n=$(($1 * 5))
    shift
    while ((n-- > 0)); do
        eval "$1" && return 0
        if [[ -n $_slurm_ctld_pid ]] && ! kill -0 "$_slurm_ctld_pid" 2>/dev/null; then
            echo "slurmctld (pid $_slurm_ctld_pid) died"
            return 1
        fi
        if [[ -n $_slurm_slurmd_pid ]] && ! kill -0 "$_slurm_slurmd_pid" 2>/dev/null; then
            echo "slurmd (pid $_slurm_slurmd_pid) died"
            return 1
        fi
        sleep 0.2
    done
    return 1
}

_slurm_free_port() {
    local p i
    for ((i = 0; i < 100; i++)); do
        p=$((20000 + RANDOM % 30000))
        [[ $p == "${1:-}" ]] && continue
        # nothing listening on it (v4 or v6 loopback) -> free enough for a bind right after
        if ! (exec 3<> "/dev/tcp/127.0.0.1/$p") 2>/dev/null &&
            ! (exec 3<> "/dev/tcp/::1/$p") 2>/dev/null; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

# shellcheck disable=SC2016 # the _slurm_wait conditions are eval'ed later, on purpose
slurm_cluster_start() {
    local c d T ms cpus mem_mb p1 p2 t0=$SECONDS
    export PATH=$PATH:/usr/sbin:/sbin
    [[ $(id -u) == 0 ]] || _slurm_skip "needs root (private slurmd/munged run as root)"
    for c in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel timeout; do
        command -v "$c" > /dev/null || _slurm_skip "missing command $c (apt-get install slurm-wlm munge)"
    done
    [[ -x /usr/sbin/slurmstepd ]] || _slurm_skip "missing /usr/sbin/slurmstepd (apt-get install slurmd)"
    # Variables leaking from an outer Slurm job would redirect or constrain our clients.
    for c in $(compgen -e); do
        [[ $c == SLURM_* || $c == SBATCH_* || $c == SQUEUE_* || $c == SINFO_* || $c == SCONTROL_* ||
            $c == SALLOC_* || $c == SRUN_* || $c == SACCT_* ]] && unset "$c"
    done

    # Private dir on a filesystem that allows exec (slurmd runs batch scripts from its spool).
    T=
    for d in "${SCHEDSCOPE_SLURM_BASE:-${TMPDIR:-/tmp}}" /tmp /var/tmp; do
        [[ -d $d && -w $d ]] || continue
        T=$(mktemp -d "$d/schedscope-slurm.XXXXXX" 2> /dev/null) || { T=; continue; }
        printf '#!/bin/sh\nexit 0\n' > "$T/exec-probe"
        chmod 0755 "$T/exec-probe"
        if "$T/exec-probe" 2> /dev/null && ((${#T} < 60)); then break; fi
        rm -rf -- "$T"
        T=
    done
    [[ -n $T ]] || _slurm_skip "no writable exec-able temp directory"
    rm -f "$T/exec-probe"
    chmod 0755 "$T" # munged: socket dir must be searchable; no group/other write anywhere
    mkdir -m 0755 "$T"/{etc,munge,state,spool,log,run}
    export SLURM_TEST_DIR=$T SCHEDSCOPE_SLURM_TAG=$T SLURM_TEST_PARTITION=debug
    export SLURM_CONF=$T/etc/slurm.conf
    _slurm_prev_exit_trap=$(trap -p EXIT)
    _slurm_prev_exit_trap=${_slurm_prev_exit_trap#"trap -- '"}
    _slurm_prev_exit_trap=${_slurm_prev_exit_trap%"' EXIT"}
    _slurm_prev_exit_trap=${_slurm_prev_exit_trap//"'\\''"/"'"}
    _slurm_cleaned=0
    trap _slurm_cluster_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

    # munge: own key, socket, pid, log and seed; foreground (-F) so $! is its PID
    ms=$T/munge/socket
    dd if=/dev/urandom of="$T/munge/key" bs=1024 count=1 status=none || _slurm_fail "munge key"
    chmod 0600 "$T/munge/key"
    munged -F --socket="$ms" --key-file="$T/munge/key" --pid-file="$T/munge/pid" \
        --log-file="$T/log/munged.log" --seed-file="$T/munge/seed" > "$T/log/munged.out" 2>&1 &
    _slurm_munged_pid=$!
    _slurm_wait 5 'kill -0 $_slurm_munged_pid 2>/dev/null || return 1
        [[ -S $ms ]] && munge -n -S "$ms" 2>/dev/null | unmunge -S "$ms" >/dev/null 2>&1' ||
        _slurm_fail "private munged did not answer on $ms"

    if ! p1=$(_slurm_free_port) || ! p2=$(_slurm_free_port "$p1"); then _slurm_skip "no free TCP port"; fi
    cpus=$(nproc)
    mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
    [[ $mem_mb =~ ^[0-9]+$ && $mem_mb -gt 0 ]] || mem_mb=1
    # slurmd 22.05 always initialises a cgroup plugin; cgroup/v1's init only sets up memory
    # (nothing touches cgroupfs or systemd) and nothing else calls it with the plugins below.
    echo "CgroupPlugin=cgroup/v1" > "$T/etc/cgroup.conf"
    : > "$T/etc/plugstack.conf"
    cat > "$SLURM_CONF" << EOF
ClusterName=schedscope-test
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$p1
SlurmdPort=$p2
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$ms
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/run/slurmctld.pid
SlurmdPidFile=$T/run/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
PlugStackConfig=$T/etc/plugstack.conf
MailProg=/bin/true
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=600
KillWait=2
InactiveLimit=0
EnforcePartLimits=ALL
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
${SCHEDSCOPE_SLURM_CONF_EXTRA:-}
EOF

    # -D foreground (so $! is the daemon), -c cold start, -i ignore state errors
    slurmctld -D -c -i -f "$SLURM_CONF" > "$T/log/slurmctld.out" 2>&1 &
    _slurm_ctld_pid=$!
    _slurm_wait 10 '[[ $(timeout 3 scontrol ping 2>/dev/null) == *"is UP"* ]]' ||
        _slurm_fail "slurmctld not UP (waited up to 10 s)"
    slurmd -D -f "$SLURM_CONF" -N localhost > "$T/log/slurmd.out" 2>&1 &
    _slurm_slurmd_pid=$!
    _slurm_wait 15 '[[ $(timeout 3 sinfo -h -N -n localhost -o %t 2>/dev/null) == idle ]]' ||
        _slurm_fail "node not idle (waited up to 15 s): $(timeout 3 sinfo -h -N -o '%N %t %E' 2>&1)"
    echo "slurm-cluster: up in $((SECONDS - t0)) s (slurm $(sbatch --version | awk '{print $2}')," \
        "CPUs=$cpus, ports $p1/$p2, dir $T)"
}

# slurm_cluster_wait_job JOBID TIMEOUT_S
# Polls squeue until JOBID (all tasks of an array) has left the queue, then requires every
# record `scontrol -o show job JOBID` lists to be JobState=COMPLETED with ExitCode=0:0.
slurm_cluster_wait_job() {
    local jid=${1%%;*} timeout=${2:-60} q rc end recs line n=0 bad=0
    [[ $jid =~ ^[0-9]+$ ]] || { echo "slurm_cluster_wait_job: bad job id '$1'"; return 2; }
    end=$((SECONDS + timeout))
    while :; do
        q=$(timeout 5 squeue -h -j "$jid" -o '%i %T %r' 2>&1)
        rc=$?
        if [[ $rc == 0 && -z $q ]] || [[ $q == *"Invalid job id"* ]]; then break; fi
        if ! kill -0 "$_slurm_ctld_pid" 2>/dev/null || ! kill -0 "$_slurm_slurmd_pid" 2>/dev/null; then
            echo "slurm_cluster_wait_job: a slurm daemon died while job $jid was queued"
            _slurm_logs
            return 1
        fi
        if ((SECONDS >= end)); then
            echo "slurm_cluster_wait_job: job $jid still queued after ${timeout} s:"
            echo "$q"
            timeout 5 scontrol -o show job "$jid" 2>&1 | head -n 20 || true
            _slurm_logs
            return 1
        fi
        sleep 0.3
    done
    recs=$(timeout 5 scontrol -o show job "$jid" 2>&1) || {
        echo "slurm_cluster_wait_job: scontrol show job $jid failed: $recs"
        return 1
    }
    while IFS= read -r line; do
        [[ -n $line ]] || continue
        n=$((n + 1))
        if [[ " $line " != *" JobState=COMPLETED "* || " $line " != *" ExitCode=0:0 "* ]]; then
            bad=$((bad + 1))
            local w desc='' out='' words=()
            read -ra words <<< "$line"
            for w in "${words[@]}"; do
                case $w in JobId=* | ArrayTaskId=* | JobState=* | Reason=* | ExitCode=*) desc+=" $w" ;; esac
                case $w in StdOut=*) out=${w#StdOut=} ;; esac
            done
            echo "slurm_cluster_wait_job: not COMPLETED with ExitCode=0:0:$desc StdOut=$out"
            if [[ $bad -le 3 && -f $out ]]; then
                echo "---- last 10 lines of $out"
                tail -n 10 "$out"
            fi
        fi
    done <<< "$recs"
    if ((n == 0)); then
        echo "slurm_cluster_wait_job: job $jid has no record (MinJobAge passed?)"
        return 1
    fi
    ((bad == 0)) || return 1
    return 0
}
