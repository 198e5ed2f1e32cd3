// Does a woken reader preempt a writer that does not block? The kernel's answer for writers
// that only write (docs/record-replay.md, "Messaging: the kernel alternates, the model queues").
//
//   cc -O2 -o /tmp/socket-reader-latency scripts/socket-reader-latency.c
//   /tmp/socket-reader-latency S ROUNDS WRITER_SPIN_NS READER_SPIN_NS [PIN]
//
// S writers and S readers, one AF_UNIX stream socket per reader (PIN 1, the default: all on
// CPU 0). Writer i, ROUNDS times: for each reader, spin WRITER_SPIN_NS, then write the time.
// Reader j reads S * ROUNDS messages; each one's age (now minus the time written) is kept, then
// it spins READER_SPIN_NS. Prints the readers' mean p50 and p99 age: microseconds when a woken
// reader runs at once, milliseconds when messages queue behind writers that keep the CPU.
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t nowNs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void spin(uint64_t ns) {
    const uint64_t end = nowNs() + ns;
    while (nowNs() < end)
        ;
}

static int byValue(const void* a, const void* b) {
    const uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

static int readAll(int fd, void* p, size_t n) {
    for (size_t got = 0; got < n;) {
        const ssize_t r = read(fd, (char*)p + got, n - got);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s S ROUNDS WRITER_SPIN_NS READER_SPIN_NS [PIN]\n", argv[0]);
        return 64;
    }
    const int s = atoi(argv[1]), rounds = atoi(argv[2]);
    const uint64_t writerSpin = strtoull(argv[3], 0, 10), readerSpin = strtoull(argv[4], 0, 10);
    if (s < 1 || s > 64 || rounds < 1) {
        fprintf(stderr, "S must be 1..64 and ROUNDS at least 1\n");
        return 64;
    }
    if (argc < 6 || atoi(argv[5])) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(0, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
    int fd[64][2], results[2];
    for (int j = 0; j < s; ++j)
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, fd[j]) != 0)
            return perror("socketpair"), 1;
    if (pipe(results) != 0)
        return perror("pipe"), 1;
    for (int j = 0; j < s; ++j)
        if (fork() == 0) {
            const int n = s * rounds;
            uint64_t* age = malloc((size_t)n * sizeof *age);
            for (int k = 0; k < n; ++k) {
                uint64_t stamp;
                if (readAll(fd[j][0], &stamp, sizeof stamp) != 0)
                    _exit(1);
                age[k] = nowNs() - stamp;
                spin(readerSpin);
            }
            qsort(age, (size_t)n, sizeof *age, byValue);
            const uint64_t out[2] = {age[n / 2], age[n * 99 / 100]};
            write(results[1], out, sizeof out);
            _exit(0);
        }
    for (int i = 0; i < s; ++i)
        if (fork() == 0) {
            for (int r = 0; r < rounds; ++r)
                for (int j = 0; j < s; ++j) {
                    spin(writerSpin);
                    const uint64_t stamp = nowNs();
                    write(fd[j][1], &stamp, sizeof stamp);
                }
            _exit(0);
        }
    double p50 = 0, p99 = 0;
    for (int j = 0; j < s; ++j) {
        uint64_t in[2];
        if (readAll(results[0], in, sizeof in) != 0)
            return fprintf(stderr, "a reader failed\n"), 1;
        p50 += (double)in[0];
        p99 += (double)in[1];
    }
    while (wait(0) > 0)
        ;
    printf("S=%d message age p50 %.1f us, p99 %.1f us (mean over readers)\n", s, p50 / 1e3 / s, p99 / 1e3 / s);
    return 0;
}
