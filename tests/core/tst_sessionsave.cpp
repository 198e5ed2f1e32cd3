// A session saved as a scenario replays exactly: live commands given at any point (between
// runs, right after a single event, in the middle of a time) become timeline entries that
// apply at the same point in event order.
#include "output/summarize.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "scenario/sessionsave.h"
#include "sim/engine.h"
#include "testutil.h"

#include <QtTest>

using namespace core;

namespace {

std::string builtinText(const std::string& name) {
    const BuiltinScenario* b = findBuiltin(name);
    if (!b)
        throw std::runtime_error("no builtin " + name);
    return std::string(b->text);
}

std::string resultOf(Engine& e) {
    return toJson(summarize(e), false);
}

} // namespace

class TestSessionSave : public QObject {
    Q_OBJECT
private slots:
    void savedSessionReplaysExactly() {
        const std::string original = builtinText("default");
        Engine live(testutil::load(original, "builtin:default"));
        live.runUntil(SimTime::ms(30));
        QVERIFY(live.setOptimization(Optimization::PsiClockOnce, false).ok);
        // Right after single events: other events at the same time may still be pending.
        for (int i = 0; i < 7; ++i)
            live.step();
        QVERIFY(live.moveTasks("cc#1", "/user.slice/app").ok);
        // In the middle of a stretch of time: the event budget runs out first.
        QVERIFY(!live.advanceUntil(live.now() + SimTime::ms(5), 100));
        QVERIFY(live.setCgroupWeight("/batch", 300).ok);
        live.step();
        QVERIFY(live.setOptimization(Optimization::PreferSiblingLocal, false).ok);
        // At a jiffy boundary after the first CPU's tick, with the other CPUs' ticks at the same
        // time still pending: a weight change applied before them would change what they do.
        live.runUntil(SimTime::ms(100) - SimTime::ns(1));
        live.step();
        QCOMPARE(live.now(), SimTime::ms(100));
        QVERIFY(live.eventsPendingAtNow());
        QVERIFY(live.setCgroupWeight("/user.slice", 50).ok);
        QVERIFY(live.moveTasks("cc#2", "/system.slice/db").ok);
        live.runUntil(SimTime::s(2));
        QVERIFY(live.kill("cc#3").ok);
        live.runUntil(SimTime::ms(5500)); // past the scenario's own toggle at 5 s
        QVERIFY(live.setOptimization(Optimization::PsiClockOnce, true).ok);
        live.runToEnd();
        QCOMPARE(live.commandLog().size(), size_t(8));

        const SessionSave saved = scenarioWithTimeline(original, live.commandLog());
        QVERIFY2(saved.ok(), saved.error.c_str());
        auto spec = testutil::load(saved.text, "saved.json");
        // The scenario's own entries and the eight live ones.
        QCOMPARE(spec->timeline.size(), testutil::load(original, "builtin:default")->timeline.size() + 8);
        Engine replay(spec);
        replay.runToEnd();
        QVERIFY(replay.commandLog().empty());
        // Bit for bit the same run: every counter, task and cgroup figure. Only the name differs,
        // and the replay counts its eight timeline entries as events (live commands are none).
        auto ja = nlohmann::json::parse(resultOf(live)), jb = nlohmann::json::parse(resultOf(replay));
        QCOMPARE(jb["events"].get<uint64_t>(), ja["events"].get<uint64_t>() + 8);
        for (auto* j : {&ja, &jb}) {
            j->erase("scenario");
            j->erase("events");
        }
        const std::string a = ja.dump(1), b = jb.dump(1);
        if (a != b) {
            size_t i = 0;
            while (i < a.size() && i < b.size() && a[i] == b[i])
                ++i;
            QFAIL(("results differ at byte " + std::to_string(i) + ": " + a.substr(i > 80 ? i - 80 : 0, 200) +
                   "\n vs \n" + b.substr(i > 80 ? i - 80 : 0, 200))
                      .c_str());
        }
    }

    void aCommandAppliesAfterEveryEventAtItsTime() {
        // After the first of several events at one time (every CPU ticks at a jiffy boundary), a
        // command first lets the others happen, as its timeline entry would on replay.
        Engine e(testutil::load(builtinText("default"), "builtin:default"));
        e.runUntil(SimTime::ms(100) - SimTime::ns(1));
        e.step();
        QVERIFY(e.eventsPendingAtNow());
        const uint64_t before = e.counters().events;
        QVERIFY(e.setCgroupWeight("/batch", 200).ok);
        QVERIFY(!e.eventsPendingAtNow());
        QVERIFY(e.counters().events > before);
        QCOMPARE(e.now(), SimTime::ms(100));
        QCOMPARE(e.commandLog().back().at, SimTime::ms(100));
    }

    void entriesAreWrittenInTheFormat() {
        std::vector<TimelineEntry> log(4);
        log[0].at = SimTime::ms(1);
        log[0].kind = TimelineEntry::Kind::Optimizations;
        log[0].optimizations[Optimization::CpuacctBatchScaling] = false;
        log[1].at = SimTime::us(1500);
        log[1].kind = TimelineEntry::Kind::Move;
        log[1].taskPattern = "t";
        log[1].cgroupPath = "/a";
        log[2].at = SimTime::ns(2000001);
        log[2].kind = TimelineEntry::Kind::CgroupWeight;
        log[2].cgroupPath = "/a";
        log[2].weight = 50;
        log[3].at = SimTime::ms(3);
        log[3].kind = TimelineEntry::Kind::Kill;
        log[3].taskPattern = "t*";
        nlohmann::json base = testutil::baseScenario();
        base["cgroups"] = nlohmann::json::array({{{"path", "/a"}}});
        const SessionSave s = scenarioWithTimeline(base.dump(), log);
        QVERIFY2(s.ok(), s.error.c_str());
        const auto j = nlohmann::json::parse(s.text);
        QCOMPARE(j["timeline"].size(), size_t(4));
        QCOMPARE(j["timeline"][0]["optimizations"]["cpuacct_batch_scaling"].get<bool>(), false);
        QCOMPARE(j["timeline"][1]["at"].get<std::string>(), std::string("1.5ms"));
        QCOMPARE(j["timeline"][1]["move"]["cgroup"].get<std::string>(), std::string("/a"));
        // Exact to the nanosecond.
        QCOMPARE(parseDuration(j["timeline"][2]["at"].get<std::string>()).value,
                 std::optional(SimTime::ns(2000001)));
        QCOMPARE(j["timeline"][2]["cgroup"]["weight"].get<int>(), 50);
        QCOMPARE(j["timeline"][3]["kill"].get<std::string>(), std::string("t*"));
        QVERIFY(testutil::load(s.text, "saved.json") != nullptr);
    }

    // Bookmarks: saved with the session, read back, checked like every other key, and no part
    // of the run.
    void bookmarksAreSavedReadAndIgnoredByTheEngine() {
        const std::string base = builtinText("default");
        const std::vector<Bookmark> marks = {{SimTime::ns(2000001), "the batch job's burst"},
                                             {SimTime::ms(5), ""}};
        const SessionSave s = scenarioWithTimeline(base, {}, &marks);
        QVERIFY2(s.ok(), s.error.c_str());
        const auto spec = testutil::load(s.text, "saved.json");
        QVERIFY(spec);
        QCOMPARE(spec->bookmarks.size(), size_t(2));
        QCOMPARE(spec->bookmarks[0].at, SimTime::ns(2000001)); // exact to the nanosecond
        QCOMPARE(spec->bookmarks[0].note, std::string("the batch job's burst"));
        QCOMPARE(spec->bookmarks[1].note, std::string());
        // Saving again replaces them; none drops the key.
        const std::vector<Bookmark> none;
        QVERIFY(scenarioWithTimeline(s.text, {}, &none).text.find("bookmarks") == std::string::npos);
        // The engine ignores them: the same run with and without.
        auto with = std::make_shared<const ScenarioSpec>(*spec);
        auto without = testutil::load(base, "default.json");
        auto shorten = [](std::shared_ptr<const ScenarioSpec> sp) {
            ScenarioSpec copy = *sp;
            copy.duration = SimTime::ms(200);
            copy.name = "same"; // a saved session is named so
            return std::make_shared<const ScenarioSpec>(std::move(copy));
        };
        Engine a(shorten(with)), b(shorten(without));
        while (a.step()) {
        }
        while (b.step()) {
        }
        QCOMPARE(resultOf(a), resultOf(b));
        // Bad bookmarks: each names where and what.
        auto bad = [&](const char* bookmarks, const char* expected) {
            nlohmann::json j = testutil::baseScenario();
            j["bookmarks"] = nlohmann::json::parse(bookmarks);
            const LoadResult r = loadScenarioText(j.dump(), "b.json");
            QVERIFY(!r.ok());
            QVERIFY2(r.errors[0].find(expected) != std::string::npos, r.errors[0].c_str());
        };
        bad(R"({"at": "1ms"})", "b.json: bookmarks: expected an array");
        bad(R"([{"at": "2s"}])", "bookmarks[0].at: 2s is after the scenario's duration 1s");
        bad(R"([{"note": "x"}])", "bookmarks[0].at: required key is missing");
        bad(R"([{"at": "1ms", "text": "x"}])", "bookmarks[0].text: unknown key \"text\"");
        bad(R"([{"at": "1ms", "note": 5}])", "bookmarks[0].note: expected a string");
        nlohmann::json longNote = nlohmann::json::array({{{"at", "1ms"}, {"note", std::string(5000, 'x')}}});
        bad(longNote.dump().c_str(), "bookmarks[0].note: string of 5000 characters");
    }

    void whatCannotBeSavedSaysSo() {
        std::vector<TimelineEntry> log(1);
        log[0].kind = TimelineEntry::Kind::Spawn;
        QVERIFY(!scenarioWithTimeline(testutil::baseScenario().dump(), log).ok());
        QVERIFY(!scenarioWithTimeline("[1, 2]", {}).ok());
        QVERIFY(!scenarioWithTimeline("{\"format\": ", {}).ok());
    }
};

QTEST_GUILESS_MAIN(TestSessionSave)
#include "tst_sessionsave.moc"
