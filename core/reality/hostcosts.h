#pragma once

// Measurements of this host's kernel with small programs of our own (threads, pipes, futexes,
// fork), each the median of several timed batches. They are the inputs of `schedscope-cli
// calibrate` (calibration.h); docs/calibration.md says what each one times and how a cost is
// derived from it. Linux only.

#include <cstdint>
#include <optional>
#include <string>

namespace core {

struct HostMeasurements {
    double clockReadNs = 0;       ///< clock_gettime(CLOCK_MONOTONIC) (vDSO)
    double syscallNs = 0;         ///< getppid() through syscall(2)
    double pipeWriteReadNs = 0;   ///< write then read 1 byte through a pipe, one thread
    double socketWriteReadNs = 0; ///< the same through an AF_UNIX socketpair
    double yieldSwitchNs = 0;     ///< one sched_yield() that switches to the other thread on its CPU
    double futexSameCpuNs = 0;    ///< futex wake/wait round trip, both threads on one CPU
    double pipeSameCpuNs = 0;     ///< 1-byte pipe round trip, both threads on one CPU
    /// One futex wake across two CPUs, from the waker's FUTEX_WAKE to the sleeper running again
    /// (the sleeper surely asleep: the waker waits 30 us first); needs 2 CPUs.
    std::optional<double> futexWakeCrossCpuNs;
    std::optional<double> pipeCrossCpuNs; ///< the pipe round trip across two CPUs
    double forkNs = 0;                    ///< fork() until it returns in the parent
    double forkExitWaitNs = 0;            ///< fork, the child's _exit(0), waitpid in the parent
    /// A SCHED_OTHER thread (timer slack 1 ns) sleeping to absolute expiries 500 us apart on an
    /// idle CPU kept out of deep idle: the median time from expiry to running
    /// (reality/timerlatency.h).
    double timerOvershootNs = 0;
    bool timerCpuKeptAwake = false; ///< /dev/cpu_dma_latency was held at 0 (root): no halted vCPU
    int cpuA = -1;                  ///< the CPUs used (the first two the process may run on)
    int cpuB = -1;
};

struct MeasureOptions {
    double batchSeconds = 0.05; ///< length of one timed batch
    int batches = 7;            ///< batches per measurement; the median is kept
};

/// Runs every measurement (about batches x batchSeconds x 12 seconds). Throws std::runtime_error
/// naming the system call that failed.
HostMeasurements measureHost(const MeasureOptions& options = {});

} // namespace core
