// How long a task that runs 100 us every 300 us waits for the CPU behind hogs, on the real
// kernel: the oracle for tst_eevdf's aWakerWaitsForTheTickOnlyBehindAnEligibleHog
// (docs/eevdf.md, "The wakeup order checked against the real kernel").
//
//   cc -O2 -o /tmp/eevdf-wake-latency scripts/eevdf-wake-latency.c
//   /tmp/eevdf-wake-latency HOGS SLICE_NS SECONDS     (SLICE_NS 0 = the base slice)
//
// Everything runs on CPU 0. The task spins 100 us, then sleeps 200 us; a wakeup is "late" by
// what nanosleep overshoots (timer slack and wakeup path included, hence the row without hogs
// as the VM's own noise). A custom slice is asked for with sched_setattr's sched_runtime
// (Linux 6.12 and later). The hogs are killed before it prints.
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct attr { // struct sched_attr, version 1
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
    uint32_t utilMin, utilMax;
};

static uint64_t nowNs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void pinToCpu0(void) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(0, &s);
    if (sched_setaffinity(0, sizeof s, &s) != 0)
        perror("sched_setaffinity");
}

int main(int argc, char** argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s HOGS SLICE_NS SECONDS\n", argv[0]);
        return 2;
    }
    const int hogs = atoi(argv[1]);
    const long slice = atol(argv[2]);
    const double seconds = atof(argv[3]);
    if (hogs < 0 || hogs > 8 || slice < 0 || seconds <= 0 || seconds > 60) {
        fprintf(stderr, "HOGS 0-8, SLICE_NS >= 0, SECONDS in (0, 60]\n");
        return 2;
    }
    pid_t kids[8];
    for (int i = 0; i < hogs; ++i) {
        kids[i] = fork();
        if (kids[i] == 0) {
            pinToCpu0();
            for (;;) {
            }
        }
    }
    pinToCpu0();
    if (slice > 0) {
        struct attr a = {0};
        a.size = sizeof a;
        a.policy = SCHED_OTHER;
        a.runtime = (uint64_t)slice;
        if (syscall(SYS_sched_setattr, 0, &a, 0) != 0)
            perror("sched_setattr");
    }
    usleep(100000);
    const uint64_t end = nowNs() + (uint64_t)(seconds * 1e9);
    long runs = 0, over100us = 0, over1ms = 0;
    while (nowNs() < end) {
        const uint64_t start = nowNs();
        while (nowNs() - start < 100000) {
        }
        const struct timespec d = {0, 200000};
        const uint64_t before = nowNs();
        nanosleep(&d, NULL);
        const uint64_t late = nowNs() - before - 200000;
        ++runs;
        over100us += late > 100000;
        over1ms += late > 1000000;
    }
    for (int i = 0; i < hogs; ++i) {
        kill(kids[i], SIGKILL);
        waitpid(kids[i], NULL, 0);
    }
    printf("hogs %d slice %ld ns: %ld runs, %ld late over 100 us, %ld over 1 ms\n", hogs, slice, runs,
           over100us, over1ms);
    return 0;
}
