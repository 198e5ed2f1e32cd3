/* SchedScope's trace fixture workload: a pipe ping-pong pair, a periodic sleeper and a CPU hog,
 * about 0.15 s on any machine. Recorded with scripts/record-trace-fixtures.sh; the committed
 * traces and perf's own reports of them are what the importer's tests compare against.
 * Build: cc -O2 -pthread -o workload workload.c */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int ping[2], pong[2];

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void *pinger(void *arg) {
    (void)arg;
    char c = 'x';
    for (int i = 0; i < 1000; ++i) {
        if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
            break;
    }
    return NULL;
}

static void *ponger(void *arg) {
    (void)arg;
    char c;
    for (int i = 0; i < 1000; ++i) {
        if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
            break;
    }
    return NULL;
}

static void *sleeper(void *arg) {
    (void)arg;
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < 50; ++i)
        nanosleep(&ms, NULL);
    return NULL;
}

static void *hog(void *arg) {
    (void)arg;
    volatile uint64_t sink = 0;
    const uint64_t end = now_ns() + 100000000u;
    while (now_ns() < end)
        for (int i = 0; i < 1000; ++i)
            sink += (uint64_t)i;
    return NULL;
}

int main(void) {
    if (pipe(ping) || pipe(pong)) {
        perror("pipe");
        return 1;
    }
    pthread_t t[5];
    void *(*fn[5])(void *) = {pinger, ponger, sleeper, hog, hog};
    const char *names[5] = {"pinger", "ponger", "sleeper", "hog0", "hog1"};
    for (int i = 0; i < 5; ++i) {
        pthread_create(&t[i], NULL, fn[i], NULL);
        pthread_setname_np(t[i], names[i]);
    }
    for (int i = 0; i < 5; ++i)
        pthread_join(t[i], NULL);
    return 0;
}
