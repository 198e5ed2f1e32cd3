// Does a sync wakeup (a pipe write) preempt the waker at once, or is the wakee held back until
// the tick? The oracle for tst_v618's aSyncWakeeWithTheEarlierDeadlinePreemptsAtOnce
// (docs/record-replay.md, "Sync wakeups on this host").
//
//   cc -O2 -pthread -o /tmp/sync-wakeup scripts/sync-wakeup.c
//   /tmp/sync-wakeup pipe|futex [WAKEE_NICE [WAKEUPS]]     (defaults: pipe -10 100; root for nice < 0)
//
// Both threads are pinned to CPU 1. The waker (nice 0) spins 8 ms, wakes the wakee, spins 6 ms,
// and again. The wakee, at WAKEE_NICE, runs 3 ms after each wakeup and waits again: it sleeps
// having run more than its share, so its lag is spent by the next wakeup and, at nice -10, its
// shorter virtual slice gives it the earlier deadline while the waker, which has run alone for
// longer than its slice, is eligible and no longer protected. Under the pick (6.18's rule) the
// wakee preempts at once; under 6.19's NEXT_BUDDY with WF_SYNC a pipe's wakee becomes the next
// buddy and the waker runs on to the tick (up to 4 ms at HZ 250). `futex` wakes without WF_SYNC:
// the control. Prints the wakeup-to-running times (clock_gettime before the write, after the
// read: the write's return and the switch included).
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { MaxWakeups = 10000 };
static int wakeups = 100, wakeeNice = -10, byFutex;
static int pipeFds[2];
static _Atomic uint32_t futexWord;
static _Atomic uint64_t wokenAt;
static uint64_t latency[MaxWakeups];

static uint64_t nowNs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void spin(uint64_t ns) {
    const uint64_t until = nowNs() + ns;
    while (nowNs() < until) {
    }
}

static void pinToCpu1(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(1, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        perror("sched_setaffinity(CPU 1)");
        exit(1);
    }
}

static void *wakee(void *unused) {
    (void)unused;
    pinToCpu1();
    if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), wakeeNice) != 0)
        perror("setpriority (the wakee keeps nice 0)");
    for (int i = 0; i < wakeups; i++) {
        if (byFutex) {
            while (atomic_load(&futexWord) == 0)
                syscall(SYS_futex, &futexWord, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
            atomic_store(&futexWord, 0);
        } else {
            char c;
            if (read(pipeFds[0], &c, 1) != 1)
                exit(2);
        }
        latency[i] = nowNs() - atomic_load(&wokenAt);
        spin(3000000);
    }
    return NULL;
}

static int byValue(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc > 1)
        byFutex = strcmp(argv[1], "futex") == 0;
    if (argc > 2)
        wakeeNice = atoi(argv[2]);
    if (argc > 3)
        wakeups = atoi(argv[3]);
    if (wakeups < 1 || wakeups > MaxWakeups || pipe(pipeFds) != 0)
        return 1;
    pinToCpu1();
    pthread_t thread;
    pthread_create(&thread, NULL, wakee, NULL);
    usleep(100000);
    for (int i = 0; i < wakeups; i++) {
        spin(8000000);
        atomic_store(&wokenAt, nowNs());
        if (byFutex) {
            atomic_store(&futexWord, 1);
            syscall(SYS_futex, &futexWord, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
        } else if (write(pipeFds[1], "x", 1) != 1) {
            return 1;
        }
        spin(6000000);
    }
    pthread_join(thread, NULL);
    qsort(latency, (size_t)wakeups, sizeof latency[0], byValue);
    int atOnce = 0;
    for (int i = 0; i < wakeups; i++)
        atOnce += latency[i] < 100000;
    printf("%s, wakee nice %d: %d wakeups, ran within 100 us: %d; p50 %.1f us, p90 %.1f us, max %.1f us\n",
           byFutex ? "futex (no WF_SYNC)" : "pipe (WF_SYNC)", wakeeNice, wakeups, atOnce,
           latency[wakeups / 2] / 1e3, latency[wakeups * 9 / 10] / 1e3, latency[wakeups - 1] / 1e3);
    return 0;
}
