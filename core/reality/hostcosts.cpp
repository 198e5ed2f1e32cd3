// Each measurement times a batch of iterations with CLOCK_MONOTONIC, sizes the next batch from
// the first, and keeps the median per-iteration time of several batches (robust to a vCPU being
// descheduled for a moment). Threads are pinned with sched_setaffinity.
#include "reality/hostcosts.h"
#include "reality/timerlatency.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <functional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace core {

namespace {

double nowNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

[[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

void pinTo(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        fail("sched_setaffinity");
}

/// The median per-iteration time of `batches` batches of `body(n)` (which runs n iterations).
double medianPerIteration(const MeasureOptions& o, const std::function<void(long)>& body) {
    long n = 64;
    for (;;) { // size a batch to about batchSeconds
        const double t0 = nowNs();
        body(n);
        const double t = nowNs() - t0;
        if (t >= o.batchSeconds * 1e9 / 4 || n > (1L << 40))
            break;
        n *= t > 0 ? std::clamp<long>(static_cast<long>(o.batchSeconds * 1e9 / t), 2, 64) : 64;
    }
    std::vector<double> per;
    for (int b = 0; b < o.batches; ++b) {
        const double t0 = nowNs();
        body(n);
        per.push_back((nowNs() - t0) / double(n));
    }
    std::sort(per.begin(), per.end());
    return per[per.size() / 2];
}

long futex(std::atomic<int>* addr, int op, int val) {
    return syscall(SYS_futex, reinterpret_cast<int*>(addr), op, val, nullptr, nullptr, 0);
}

/// Two threads, on cpuA and cpuB, passing a turn back and forth `n` times through `pass`
/// (which hands the turn to the other side and waits for it back).
struct PingPong {
    std::function<void(int side)> pass; ///< side 0 starts each round trip
    void run(long n, int cpuA, int cpuB) {
        std::thread other([&] {
            pinTo(cpuB);
            for (long i = 0; i < n; ++i)
                pass(1);
        });
        pinTo(cpuA);
        for (long i = 0; i < n; ++i)
            pass(0);
        other.join();
    }
};

double futexRoundTrip(const MeasureOptions& o, int cpuA, int cpuB) {
    return medianPerIteration(o, [&](long n) {
        std::atomic<int> turn{0};
        PingPong p;
        p.pass = [&](int side) {
            // Wait for my turn, then hand it over and wake the other side.
            while (turn.load(std::memory_order_acquire) != side)
                futex(&turn, FUTEX_WAIT_PRIVATE, 1 - side);
            turn.store(1 - side, std::memory_order_release);
            futex(&turn, FUTEX_WAKE_PRIVATE, 1);
        };
        p.run(n, cpuA, cpuB);
    });
}

/// The median latency of a futex wake across CPUs: the sleeper on cpuB has been asleep for
/// 30 us when the thread on cpuA wakes it; CLOCK_MONOTONIC is the same clock on every CPU.
double futexWakeLatency(const MeasureOptions& o, int cpuA, int cpuB) {
    const long n = std::max<long>(200, static_cast<long>(o.batchSeconds * o.batches / 40e-6));
    std::atomic<int> word{0}, ack{1};
    std::atomic<double> wokenAt{0};
    std::vector<double> latency;
    latency.reserve(static_cast<size_t>(n));
    std::thread sleeper([&] {
        pinTo(cpuB);
        for (long i = 0; i < n; ++i) {
            while (word.load(std::memory_order_acquire) != 1)
                futex(&word, FUTEX_WAIT_PRIVATE, 0);
            latency.push_back(nowNs() - wokenAt.load(std::memory_order_relaxed));
            word.store(0, std::memory_order_relaxed);
            ack.store(1, std::memory_order_release);
        }
    });
    pinTo(cpuA);
    for (long i = 0; i < n; ++i) {
        while (ack.load(std::memory_order_acquire) != 1) {
        }
        ack.store(0, std::memory_order_relaxed);
        for (const double until = nowNs() + 30e3; nowNs() < until;) {
        }
        wokenAt.store(nowNs(), std::memory_order_relaxed);
        word.store(1, std::memory_order_release);
        futex(&word, FUTEX_WAKE_PRIVATE, 1);
    }
    sleeper.join();
    std::sort(latency.begin(), latency.end());
    return latency[latency.size() / 2];
}

double pipeRoundTrip(const MeasureOptions& o, int cpuA, int cpuB) {
    int ab[2], ba[2];
    if (pipe(ab) != 0 || pipe(ba) != 0)
        fail("pipe");
    const double t = medianPerIteration(o, [&](long n) {
        PingPong p;
        p.pass = [&](int side) {
            char c = 0;
            if (side == 0) {
                if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
                    fail("pipe write/read");
            } else {
                if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
                    fail("pipe read/write");
            }
        };
        p.run(n, cpuA, cpuB);
    });
    for (int fd : {ab[0], ab[1], ba[0], ba[1]})
        close(fd);
    return t;
}

double writeRead(const MeasureOptions& o, int fds[2]) {
    return medianPerIteration(o, [&](long n) {
        char c = 0;
        for (long i = 0; i < n; ++i)
            if (write(fds[1], &c, 1) != 1 || read(fds[0], &c, 1) != 1)
                fail("write/read");
    });
}

} // namespace

HostMeasurements measureHost(const MeasureOptions& o) {
    HostMeasurements m;
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        fail("sched_getaffinity");
    for (int c = 0; c < CPU_SETSIZE && m.cpuB < 0; ++c)
        if (CPU_ISSET(c, &allowed))
            (m.cpuA < 0 ? m.cpuA : m.cpuB) = c;
    if (m.cpuA < 0)
        throw std::runtime_error("sched_getaffinity: no CPU to run on");
    // The measuring thread runs where it is pinned; restore the caller's mask at the end.
    struct Restore {
        cpu_set_t set;
        ~Restore() { sched_setaffinity(0, sizeof set, &set); }
    } restore{allowed};
    pinTo(m.cpuA);

    m.clockReadNs = medianPerIteration(o, [](long n) {
        timespec ts{};
        for (long i = 0; i < n; ++i)
            clock_gettime(CLOCK_MONOTONIC, &ts);
    });
    m.syscallNs = medianPerIteration(o, [](long n) {
        for (long i = 0; i < n; ++i)
            syscall(SYS_getppid);
    });
    int p[2];
    if (pipe(p) != 0)
        fail("pipe");
    m.pipeWriteReadNs = writeRead(o, p);
    close(p[0]);
    close(p[1]);
    int s[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        fail("socketpair");
    m.socketWriteReadNs = writeRead(o, s);
    close(s[0]);
    close(s[1]);
    // Two threads on one CPU yielding to each other: every yield is a switch.
    m.yieldSwitchNs = medianPerIteration(o,
                                         [&](long n) {
                                             PingPong pp;
                                             pp.pass = [](int) { sched_yield(); };
                                             pp.run(n, m.cpuA, m.cpuA);
                                         }) /
                      2;
    m.futexSameCpuNs = futexRoundTrip(o, m.cpuA, m.cpuA);
    m.pipeSameCpuNs = pipeRoundTrip(o, m.cpuA, m.cpuA);
    if (m.cpuB >= 0) {
        m.futexWakeCrossCpuNs = futexWakeLatency(o, m.cpuA, m.cpuB);
        m.pipeCrossCpuNs = pipeRoundTrip(o, m.cpuA, m.cpuB);
    }
    double forkOnly = 0;
    long forks = 0;
    m.forkExitWaitNs = medianPerIteration(o, [&](long n) {
        for (long i = 0; i < n; ++i) {
            const double t0 = nowNs();
            const pid_t pid = fork();
            if (pid < 0)
                fail("fork");
            if (pid == 0)
                _exit(0);
            forkOnly += nowNs() - t0;
            ++forks;
            int status = 0;
            if (waitpid(pid, &status, 0) != pid)
                fail("waitpid");
        }
    });
    m.forkNs = forks > 0 ? forkOnly / double(forks) : 0;
    TimerLatencyOptions timer;
    timer.cpu = m.cpuA;
    timer.periodUs = 500;
    timer.seconds = std::max(0.2, o.batchSeconds * o.batches);
    timer.holdDmaLatencyZero = true;
    const TimerLatency t = measureTimerLatency(timer);
    m.timerOvershootNs = t.medianNs;
    m.timerCpuKeptAwake = t.dmaLatencyHeld;
    return m;
}

} // namespace core
