// Where this kernel wakes sleepers released together by one pipe write, untraced: the oracle
// behind docs/record-replay.md, "Messaging". It is perf bench sched messaging's start barrier.
//
//   cc -O2 -o /tmp/barrier-wake-placement scripts/barrier-wake-placement.c
//   /tmp/barrier-wake-placement [SLEEPERS] [ROUNDS]          (default 40 and 50)
//
// Each round: SLEEPERS child processes run on CPU 0 (pinned there, then allowed every CPU again,
// so CPU 0 is where they last ran), say they are ready and sleep in poll() on one pipe; the
// parent, pinned to CPU 1 and alone there, writes one byte and every child wakes. A child reads
// sched_getcpu() first thing after poll() returns: on CPU 1 it was pulled to its waker's CPU, on
// CPU 0 it woke where it last ran. Upstream's rules (wake_affine on a sync pipe wakeup): the first
// wakee joins the waker while CPU 1 runs only the waker (WA_IDLE), and later ones follow the load
// (WA_WEIGHT): CPU 0 holds the sleepers' blocked load, so wake_affine_weight picks CPU 1 while
// CPU 0 is busy with the wakees that came before.
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void pin(int cpu) {
    cpu_set_t s;
    CPU_ZERO(&s);
    if (cpu < 0) {
        for (int c = 0; c < 2; ++c)
            CPU_SET(c, &s);
    } else {
        CPU_SET(cpu, &s);
    }
    if (sched_setaffinity(0, sizeof s, &s) != 0) {
        perror("sched_setaffinity");
        exit(2);
    }
}

int main(int argc, char** argv) {
    const int sleepers = argc > 1 ? atoi(argv[1]) : 40;
    const int rounds = argc > 2 ? atoi(argv[2]) : 50;
    if (sleepers < 1 || rounds < 1 || sysconf(_SC_NPROCESSORS_ONLN) < 2) {
        fprintf(stderr, "usage: %s [SLEEPERS >= 1] [ROUNDS >= 1] (needs CPUs 0 and 1)\n", argv[0]);
        return 2;
    }
    pin(1);
    long onWaker = 0, onPrev = 0, firstOnWaker = 0;
    for (int r = 0; r < rounds; ++r) {
        int go[2], ready[2], result[2];
        if (pipe(go) || pipe(ready) || pipe(result)) {
            perror("pipe");
            return 2;
        }
        for (int i = 0; i < sleepers; ++i) {
            if (fork() == 0) {
                pin(0);
                pin(-1); // may run anywhere; last ran on CPU 0
                char b = 'r';
                if (write(ready[1], &b, 1) != 1)
                    _exit(3);
                struct pollfd p = {go[0], POLLIN, 0};
                poll(&p, 1, -1);
                const char cpu = (char)sched_getcpu();
                _exit(write(result[1], &cpu, 1) == 1 ? 0 : 3);
            }
        }
        for (int i = 0; i < sleepers; ++i) {
            char b;
            if (read(ready[0], &b, 1) != 1)
                return 2;
        }
        usleep(20000); // every child asleep in poll() (its dequeue done: CPU 0 idle meanwhile)
        if (write(go[1], "g", 1) != 1)
            return 2;
        for (int i = 0; i < sleepers; ++i) {
            char cpu;
            if (read(result[0], &cpu, 1) != 1)
                return 2;
            if (cpu == 1) {
                ++onWaker;
                if (i == 0)
                    ++firstOnWaker;
            } else {
                ++onPrev;
            }
        }
        while (wait(NULL) > 0) {
        }
        close(go[0]), close(go[1]), close(ready[0]), close(ready[1]), close(result[0]), close(result[1]);
    }
    printf("%d rounds of %d sleepers released by one pipe write from CPU 1 (they last ran on CPU 0):\n",
           rounds, sleepers);
    printf("  woke on the waker's CPU 1: %ld, on CPU 0 where they last ran: %ld\n", onWaker, onPrev);
    printf("  rounds whose first reported wakee ran on CPU 1: %ld\n", firstOnWaker);
    return 0;
}
