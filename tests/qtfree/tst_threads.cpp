// Qt-free on purpose, so ThreadSanitizer sees every line that runs (make tsan): the snapshot
// hand-off between the simulation thread and the viewer under stress, and engines running on
// several threads at once (the GUI's A/B comparison and Depth sweep do) sharing no state.
#include "experiments/sweepresults.h"
#include "experiments/sweeprun.h"
#include "experiments/sweepspec.h"
#include "output/summarize.h"
#include "report/mailbox.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace core;

namespace {

int failures = 0;

void check(bool ok, const char* what, long long a = 0, long long b = 0) {
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "FAIL: %s (%lld vs %lld)\n", what, a, b);
    }
}

/// A writer posts 200,000 snapshots (each with a migration record and a sample) while a reader
/// takes them as fast as it likes, sleeping now and then to force merges. Nothing may be lost,
/// duplicated or reordered; the state the reader ends with is the writer's last.
void mailboxUnderStress() {
    constexpr int kPosts = 200000;
    SnapshotMailbox box;
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (int i = 1; i <= kPosts; ++i) {
            auto s = std::make_shared<Snapshot>();
            s->generation = 1;
            s->time = SimTime::ns(i);
            s->counters.migrations = uint64_t(i);
            MigrationRecord m;
            m.time = SimTime::ns(i);
            m.task = TaskId(uint32_t(i));
            s->migrations.push_back(m);
            StateSample sample;
            sample.time = SimTime::ns(i);
            s->samples.push_back(sample);
            box.post(std::move(s));
        }
        done = true;
    });
    int64_t received = 0, lastTime = 0, lastRecord = 0, takes = 0;
    bool ordered = true;
    while (true) {
        const bool finished = done.load();
        if (auto s = box.take()) {
            ++takes;
            for (const MigrationRecord& m : s->migrations) {
                ordered = ordered && m.time.count() == lastRecord + 1;
                lastRecord = m.time.count();
            }
            received += int64_t(s->migrations.size());
            ordered = ordered && int64_t(s->samples.size()) == int64_t(s->migrations.size());
            ordered =
                ordered && s->time.count() == lastRecord && s->counters.migrations == uint64_t(lastRecord);
            lastTime = s->time.count();
            if (takes % 1000 == 0)
                std::this_thread::sleep_for(std::chrono::microseconds(200)); // a slow frame
        } else if (finished) {
            break;
        }
    }
    writer.join();
    check(received == kPosts, "every migration record arrives exactly once", received, kPosts);
    check(ordered, "records, samples and state arrive in order");
    check(lastTime == kPosts, "the reader ends with the writer's last state", lastTime, kPosts);
    check(box.merged() > 0, "the slow reader caused merges", (long long)box.merged(), 0);
    std::printf("mailbox: %d posts, %lld takes, %llu merged\n", kPosts, (long long)takes,
                (unsigned long long)box.merged());
}

/// A new run's snapshot replaces the old run's unread one instead of merging into it.
void mailboxNeverMergesAcrossRuns() {
    SnapshotMailbox box;
    auto a = std::make_shared<Snapshot>();
    a->generation = 1;
    a->migrations.resize(3);
    box.post(a);
    auto b = std::make_shared<Snapshot>();
    b->generation = 2;
    b->migrations.resize(1);
    box.post(b);
    const auto s = box.take();
    check(s && s->generation == 2 && s->migrations.size() == 1,
          "a new run's snapshot replaces the old run's");
}

/// Four engines on four threads give what one engine gives alone: no shared mutable state.
void enginesOnThreadsAgree() {
    const std::string text(findBuiltin("default")->text);
    auto run = [&](bool allOn) {
        LoadResult r = loadScenarioText(text, "builtin:default");
        r.spec->duration = SimTime::ms(1500);
        if (!allOn)
            r.spec->optimizations = OptimizationSet::none();
        Engine e(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
        e.runToEnd();
        return toJson(summarize(e), false);
    };
    const std::string off = run(false), on = run(true);
    std::vector<std::string> results(4);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&, i] { results[size_t(i)] = run(i % 2 == 1); });
    for (std::thread& t : threads)
        t.join();
    for (int i = 0; i < 4; ++i)
        check(results[size_t(i)] == (i % 2 ? on : off),
              "an engine on a thread gives the single-threaded result", i);
    check(off != on, "the two configurations differ");
}

/// A sweep on four threads, appending to one cells.jsonl and reporting progress, gives what it
/// gives on one thread.
void sweepOnThreadsAgrees() {
    const SweepSpecLoad l =
        parseSweepSpec("{\"scenario\": \"builtin:default\", \"for\": \"100ms\", \"axes\": "
                       "{\"model\": [\"v4.11\", \"v6.12\"], \"seed\": {\"from\": 1, \"to\": 4}}}",
                       "tst_threads");
    check(l.ok(), "the sweep spec loads");
    if (!l.ok())
        return;
    char tmpl[] = "/tmp/schedscope-tst-threads-XXXXXX";
    if (!mkdtemp(tmpl)) {
        check(false, "a temporary folder");
        return;
    }
    const std::string dir = tmpl;
    std::string csv[2];
    for (unsigned jobs : {1u, 4u}) {
        SweepRunOptions o;
        o.outDir = dir + "/jobs" + std::to_string(jobs);
        o.jobs = jobs;
        size_t calls = 0;
        o.progress = [&](const SweepProgress&) { ++calls; };
        const SweepRunResult r = runSweep(*l.spec, o);
        check(r.ok() && calls == 8, "a sweep runs every cell once", (long long)calls, 8);
        const SweepResultsLoad res = readSweepResults(o.outDir);
        check(res.ok(), "its results read back");
        if (res.ok())
            csv[jobs == 1 ? 0 : 1] = sweepCellsCsv(*res.results);
    }
    check(!csv[0].empty() && csv[0] == csv[1], "four threads give what one gives");
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
}

} // namespace

int main() {
    mailboxUnderStress();
    mailboxNeverMergesAcrossRuns();
    enginesOnThreadsAgree();
    sweepOnThreadsAgrees();
    if (failures) {
        std::fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("all thread checks passed\n");
    return 0;
}
