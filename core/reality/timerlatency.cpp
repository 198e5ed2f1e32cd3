// The cyclictest loop: a thread pinned to one CPU sleeps to absolute expiries one period apart
// and notes how late it runs each time. The busy neighbour is a forked process (a thread of
// ours would share the measuring thread's fate if it were killed) spinning at nice 0.
#include "reality/timerlatency.h"

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace core {

namespace {

[[noreturn]] void fail(const std::string& what, int err) {
    throw std::runtime_error(what + ": " + std::strerror(err));
}

int64_t toNs(const timespec& t) {
    return int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

timespec fromNs(int64_t ns) {
    timespec t{};
    t.tv_sec = static_cast<time_t>(ns / 1'000'000'000);
    t.tv_nsec = static_cast<long>(ns % 1'000'000'000);
    return t;
}

cpu_set_t oneCpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return set;
}

/// A child process spinning on `cpu` until killed; -1 if fork failed. It dies with the thread
/// that forked it (PR_SET_PDEATHSIG), also if that happened before it could ask.
pid_t startBusyLoop(int cpu) {
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid != 0)
        return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(0);
    const cpu_set_t set = oneCpu(cpu);
    sched_setaffinity(0, sizeof set, &set);
    for (unsigned long x = 0;; ++x)
        asm volatile("" : "+r"(x)); // a loop the compiler keeps, never entering the kernel
}

} // namespace

TimerLatency measureTimerLatency(const TimerLatencyOptions& o) {
    const long n = std::max<long>(10, static_cast<long>(o.seconds * 1e6 / double(std::max(1L, o.periodUs))));
    std::vector<double> late;
    late.reserve(static_cast<size_t>(n));
    int err = 0;
    std::string failed;
    // What it starts is stopped on every way out, exceptions included.
    struct Held {
        pid_t busy = -1;
        int dma = -1; // the PM QoS request lasts while the file is open
        ~Held() {
            if (busy > 0) {
                kill(busy, SIGKILL);
                waitpid(busy, nullptr, 0);
            }
            if (dma >= 0)
                close(dma);
        }
    } held;
    pid_t& busy = held.busy;
    int& dma = held.dma;
    if (o.busyNeighbour && (busy = startBusyLoop(o.cpu)) < 0)
        fail("fork", errno);
    if (o.holdDmaLatencyZero && (dma = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC)) >= 0) {
        const int32_t zero = 0;
        if (write(dma, &zero, sizeof zero) != sizeof zero) {
            close(dma);
            dma = -1;
        }
    }
    std::thread measurer([&] {
        const cpu_set_t set = oneCpu(o.cpu);
        if (sched_setaffinity(0, sizeof set, &set) != 0) {
            err = errno;
            failed = "sched_setaffinity";
            return;
        }
        if (o.fifo) {
            sched_param sp{};
            sp.sched_priority = 80;
            if (const int e = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp); e != 0) {
                err = e;
                failed = "sched_setscheduler(SCHED_FIFO, 80)";
                return;
            }
        }
        prctl(PR_SET_TIMERSLACK, 1UL);
        timespec now{};
        clock_gettime(CLOCK_MONOTONIC, &now);
        int64_t next = toNs(now) + 10'000'000; // let the neighbour settle first
        for (long i = 0; i < n; ++i) {
            next += o.periodUs * 1000;
            const timespec at = fromNs(next);
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nullptr) == EINTR) {
            }
            clock_gettime(CLOCK_MONOTONIC, &now);
            late.push_back(double(toNs(now) - next));
            // Expiries that passed while it was not running are skipped, as cyclictest skips
            // them: one stall is one late wakeup, not one per period it covered.
            while (next + o.periodUs * 1000 <= toNs(now))
                next += o.periodUs * 1000;
        }
    });
    measurer.join();
    TimerLatency r;
    r.dmaLatencyHeld = dma >= 0;
    if (err != 0)
        fail(failed, err);
    r.samples = static_cast<long>(late.size());
    double under = 0;
    for (double v : late) {
        r.avgNs += v / double(late.size());
        if (v >= 1e6)
            ++r.over1ms;
        else
            under += v;
    }
    if (r.over1ms < r.samples)
        r.avgUnder1msNs = under / double(r.samples - r.over1ms);
    std::sort(late.begin(), late.end());
    r.medianNs = late[late.size() / 2];
    r.maxNs = late.back();
    return r;
}

} // namespace core
