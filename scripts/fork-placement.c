// Where this kernel starts a forked child, and what a fork costs, untraced: the oracle behind
// the reality table's spawn row (docs/reality.md, "Fork placement on this host").
//
//   cc -O2 -o /tmp/fork-placement scripts/fork-placement.c
//   /tmp/fork-placement [SPAWNS]                  (default 2000)
//
// 1. A spawn loop (fork, the child exits at once, waitpid) with every other CPU idle: how many
//    children started on the parent's CPU (the child reads sched_getcpu() before anything
//    else). Upstream's fork placement (sched_balance_find_dst_group) sends a child to an idle
//    CPU when the parent's CPU is busy with the parent itself.
// 2. fork + _exit + waitpid by the parent's touched memory (0, 16 and 64 MB): what a spawn
//    costs, and how it grows with the address space the fork copies.
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int spawnOnParentsCpu(int spawns) {
    int same = 0;
    for (int i = 0; i < spawns; ++i) {
        const int parentCpu = sched_getcpu();
        const pid_t pid = fork();
        if (pid == 0)
            _exit(sched_getcpu() == parentCpu);
        int status = 0;
        if (pid < 0 || waitpid(pid, &status, 0) != pid) {
            perror("fork/waitpid");
            exit(1);
        }
        same += WIFEXITED(status) && WEXITSTATUS(status) == 1;
    }
    return same;
}

static double spawnMicros(size_t touchedMb, int spawns) {
    char* buffer = NULL;
    if (touchedMb) {
        buffer = malloc(touchedMb << 20);
        if (!buffer) {
            perror("malloc");
            exit(1);
        }
        memset(buffer, 1, touchedMb << 20);
    }
    const double start = now();
    for (int i = 0; i < spawns; ++i) {
        const pid_t pid = fork();
        if (pid == 0)
            _exit(0);
        if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
            perror("fork/waitpid");
            exit(1);
        }
    }
    const double us = (now() - start) * 1e6 / spawns;
    free(buffer);
    return us;
}

int main(int argc, char** argv) {
    const int spawns = argc > 1 ? atoi(argv[1]) : 2000;
    if (spawns <= 0) {
        fprintf(stderr, "usage: %s [SPAWNS]\n", argv[0]);
        return 2;
    }
    const int same = spawnOnParentsCpu(spawns);
    printf("%d of %d children started on the parent's CPU (%.1f%%), %ld CPUs online\n", same, spawns,
           100.0 * same / spawns, sysconf(_SC_NPROCESSORS_ONLN));
    const size_t sizes[] = {0, 16, 64};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
        const int n = sizes[i] >= 64 ? spawns / 10 + 1 : spawns / 4 + 1;
        printf("fork + _exit + waitpid, %2zu MB touched: %.0f us\n", sizes[i], spawnMicros(sizes[i], n));
    }
    return 0;
}
