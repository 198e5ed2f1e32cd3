#!/usr/bin/env python3
"""Writes the sysfs and cgroupfs fixture trees that tst_host reads (run from this directory).

Each tree copies the layout of a real host, reduced in size:
  two-socket/  2 sockets x 4 cores x SMT2, numbered as Intel servers do (socket 0 is CPUs 0-3 and
               their siblings 8-11), two NUMA nodes, L1/L2/L3 caches, a cgroup v2 tree with
               weights, cpu.max limits, a burst and a narrower cpuset.
  hybrid/      a laptop with two SMT2 performance cores and two single-thread efficiency cores,
               and a hybrid cgroup v1/v2 mount (the v2 tree at unified/ has no cpu controller).
  missing/     4 CPUs where cpu2 lacks its topology files, no online file, no caches, no NUMA
               directory and no cgroup filesystem.
  configs/     kernel configurations: CONFIG_HZ=1000 as text, 300 as gzip (/proc/config.gz), a
               value the model does not take, none, CRLF line ends, a truncated gzip.
"""
import gzip
import os
import shutil
import zlib


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text + "\n")


def cpu(root, n, package, siblings, core_id, die=0):
    t = f"{root}/sys/devices/system/cpu/cpu{n}/topology"
    write(f"{t}/physical_package_id", str(package))
    write(f"{t}/die_id", str(die))
    write(f"{t}/core_id", str(core_id))
    write(f"{t}/thread_siblings_list", siblings)
    write(f"{t}/core_cpus_list", siblings)


def cache(root, n, level, type_, shared):
    for i, (lvl, typ, sh) in enumerate(zip(level, type_, shared)):
        d = f"{root}/sys/devices/system/cpu/cpu{n}/cache/index{i}"
        write(f"{d}/level", str(lvl))
        write(f"{d}/type", typ)
        write(f"{d}/shared_cpu_list", sh)


def two_socket():
    r = "two-socket"
    write(f"{r}/sys/devices/system/cpu/online", "0-15")
    write(f"{r}/sys/devices/system/cpu/possible", "0-15")
    for n in range(16):
        socket = (n % 8) // 4
        core = n % 4
        first = socket * 4 + core
        cpu(r, n, socket, f"{first},{first + 8}", core)
        l3 = "0-3,8-11" if socket == 0 else "4-7,12-15"
        pair = f"{first},{first + 8}"
        cache(r, n, [1, 1, 2, 3], ["Data", "Instruction", "Unified", "Unified"], [pair, pair, pair, l3])
    write(f"{r}/sys/devices/system/node/node0/cpulist", "0-3,8-11")
    write(f"{r}/sys/devices/system/node/node1/cpulist", "4-7,12-15")
    c = f"{r}/cgroup"
    write(f"{c}/cgroup.controllers", "cpuset cpu io memory pids")
    write(f"{c}/cgroup.subtree_control", "cpuset cpu memory pids")
    write(f"{c}/cpuset.cpus.effective", "0-15")
    for path, weight, cpumax, burst, cpus in [
        ("system.slice", 100, "max 100000", 0, "0-15"),
        ("system.slice/ssh.service", 100, "max 100000", 0, "0-15"),
        ("user.slice", 200, "200000 100000", 50000, "0-15"),
        ("machine.slice", 100, "max 100000", 0, "0-15"),
        ("machine.slice/vm1.scope", 50, "150000 50000", 0, "4-7,12-15"),
    ]:
        write(f"{c}/{path}/cgroup.controllers", "cpuset cpu memory pids")
        write(f"{c}/{path}/cpu.weight", str(weight))
        write(f"{c}/{path}/cpu.max", cpumax)
        write(f"{c}/{path}/cpu.max.burst", str(burst))
        write(f"{c}/{path}/cpuset.cpus.effective", cpus)


def hybrid():
    r = "hybrid"
    write(f"{r}/sys/devices/system/cpu/online", "0-5")
    for n, sib, core in [(0, "0-1", 0), (1, "0-1", 0), (2, "2-3", 4), (3, "2-3", 4), (4, "4", 8), (5, "5", 9)]:
        cpu(r, n, 0, sib, core)
        cache(r, n, [1, 2, 3], ["Data", "Unified", "Unified"], [sib, sib, "0-5"])
    write(f"{r}/sys/devices/system/node/node0/cpulist", "0-5")
    c = f"{r}/cgroup"
    write(f"{c}/unified/cgroup.controllers", "")
    write(f"{c}/unified/cgroup.subtree_control", "")
    write(f"{c}/unified/user.slice/cgroup.procs", "")
    write(f"{c}/cpu/cpu.shares", "1024")
    write(f"{c}/cpu/cpu.cfs_quota_us", "-1")
    write(f"{c}/cpu/cpu.cfs_period_us", "100000")
    write(f"{c}/cpu/batch/cpu.shares", "512")
    write(f"{c}/cpu/batch/cpu.cfs_quota_us", "50000")
    write(f"{c}/cpu/batch/cpu.cfs_period_us", "100000")
    write(f"{c}/cpu/batch/cpu.cfs_burst_us", "0")
    write(f"{c}/cpu/interactive/cpu.shares", "4096")
    write(f"{c}/cpu/interactive/cpu.cfs_quota_us", "-1")
    write(f"{c}/cpuset/cpuset.effective_cpus", "0-5")
    write(f"{c}/cpuset/pinned/cpuset.effective_cpus", "4-5")


def missing():
    r = "missing"
    for n in range(4):
        if n == 2:
            write(f"{r}/sys/devices/system/cpu/cpu2/uevent", "")
            continue
        cpu(r, n, 0, str(n), n)


def kernel_configs():
    # CONFIG_HZ as a distribution's /boot/config-RELEASE (text) and as /proc/config.gz (gzip,
    # with a fixed mtime so the bytes do not change from one run to the next), one the model does
    # not take, and one without the line.
    r = "configs"
    head = "#\n# Automatically generated file; DO NOT EDIT.\n# Linux/x86 6.1.0 Kernel Configuration\n#\n"
    write(f"{r}/config-hz1000", head + "CONFIG_NO_HZ_IDLE=y\nCONFIG_HZ_1000=y\nCONFIG_HZ=1000\nCONFIG_SCHED_HRTICK=y\n")
    os.makedirs(r, exist_ok=True)
    with open(f"{r}/config-hz300.gz", "wb") as f:
        f.write(gzip.compress((head + "CONFIG_HZ_300=y\nCONFIG_HZ=300\n").encode(), mtime=0))
    write(f"{r}/config-hz1024", head + "CONFIG_HZ=1024\n")
    # Windows line ends, a trailing blank and a symbol given twice (the last one counts).
    with open(f"{r}/config-crlf", "wb") as f:
        f.write((head + "CONFIG_HZ=250\nCONFIG_HZ=1000 \n").replace("\n", "\r\n").encode())
    # A gzip stream cut right after "CONFIG_HZ=100" of "CONFIG_HZ=1000" (flushed there, so the
    # part kept decodes): a short read that must not be taken for a tick of 100.
    z = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip header (mtime 0) and trailer
    cut = z.compress((head + "CONFIG_HZ=100").encode()) + z.flush(zlib.Z_SYNC_FLUSH)
    with open(f"{r}/config-truncated.gz", "wb") as f:
        f.write(cut)
    write(f"{r}/config-nohz", head + "# CONFIG_HZ is not set\n")


for tree, make in [("two-socket", two_socket), ("hybrid", hybrid), ("missing", missing), ("configs", kernel_configs)]:
    shutil.rmtree(tree, ignore_errors=True)
    make()
