// Hostile input: truncated, bit-flipped and absurd scenario files must give a clean error
// (never a crash, a hang or unbounded memory).
#include "base/rng.h"
#include "scenario/builtins.h"
#include "scenario/loader.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <cstring>

namespace {

/// A field of /proc/self/status in MB ("VmRSS", "VmHWM"), or -1.
long statusMb(const char* field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(std::strlen(field)) + 1).trimmed().split(' ').first().toLong() / 1024;
    return -1;
}

/// What a piece of a test adds to the process's memory at its peak: the peak is reset to the
/// present size first (/proc/self/clear_refs "5"), so an earlier case's peak does not hide it.
class PeakGrowth {
public:
    PeakGrowth() {
        QFile f(QStringLiteral("/proc/self/clear_refs"));
        m_ok = f.open(QIODevice::WriteOnly) && f.write("5") == 1;
        f.close();
        m_start = statusMb("VmRSS");
    }
    /// Whether the peak could be reset (not in every container); otherwise the check is skipped.
    bool measurable() const { return m_ok && m_start >= 0; }
    long mb() const { return statusMb("VmHWM") - m_start; }

private:
    bool m_ok = false;
    long m_start = -1;
};

/// Loads text and checks the outcome is well-formed: either a spec, or messages that name
/// the file. Valid results are also run briefly, so whatever the loader accepts the engine runs.
void loadCleanly(const std::string& text) {
    core::LoadResult r = core::loadScenarioText(text, "fuzz.json");
    if (r.ok()) {
        QVERIFY(r.errors.empty());
        core::ScenarioSpec spec = std::move(*r.spec);
        spec.duration = std::min(spec.duration, core::SimTime::ms(5));
        core::Engine e(std::make_shared<const core::ScenarioSpec>(std::move(spec)));
        for (int i = 0; i < 20000 && e.step(); ++i) {
        }
        QVERIFY2(e.checkInvariants().empty(), e.checkInvariants().c_str());
        return;
    }
    QVERIFY(!r.errors.empty());
    QVERIFY(r.errors.size() <= 101);
    for (const std::string& e : r.errors)
        QVERIFY2(e.rfind("fuzz.json:", 0) == 0, e.c_str());
}

} // namespace

class TestScenarioFuzz : public QObject {
    Q_OBJECT
private slots:
    /// Every input libFuzzer found a problem with (make fuzz), kept in tests/data/fuzz/: the
    /// loader answers cleanly, and what it accepts runs 20,000 events with every invariant on.
    void fuzzerFindingsStayFixed() {
        QDir dir(QStringLiteral(SCHEDSCOPE_TEST_DATA "/fuzz"));
        const QStringList files = dir.entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files) {
            QFile file(dir.filePath(f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            core::LoadResult r = core::loadScenarioText(
                std::string_view(bytes.constData(), size_t(bytes.size())), "fuzz.json");
            QCOMPARE(r.ok(), r.errors.empty());
            for (const std::string& e : r.errors)
                QVERIFY2(e.rfind("fuzz.json", 0) == 0, e.c_str());
            // A finding that ran must keep running: refused, it would test nothing (this one
            // was refused once the default model became v6.12, until it named v4.11).
            if (f == QStringLiteral("default-runnable-weight-overflow.json"))
                QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors.front().c_str());
            if (!r.ok())
                continue;
            core::Engine e(std::make_shared<const core::ScenarioSpec>(std::move(*r.spec)));
            for (int i = 0; i < 20000 && !e.finished(); ++i) {
                e.step();
                const std::string bad = e.checkInvariants();
                QVERIFY2(bad.empty(), qPrintable(f + QStringLiteral(": ") + QString::fromStdString(bad)));
            }
        }
    }

    void everyTruncationOfEveryBuiltin() {
        for (const auto& b : core::builtinScenarios()) {
            const std::string full(b.text);
            const size_t step = full.size() > 4000 ? full.size() / 2000 : 1;
            for (size_t n = 0; n < full.size(); n += step)
                loadCleanly(full.substr(0, n));
        }
    }

    void bitFlips() {
        core::Rng rng(2024);
        for (const auto& b : core::builtinScenarios()) {
            const std::string full(b.text);
            for (int i = 0; i < 400; ++i) {
                std::string t = full;
                const int flips = static_cast<int>(rng.uniformInt(1, 4));
                for (int f = 0; f < flips; ++f) {
                    const size_t pos =
                        static_cast<size_t>(rng.uniformInt(0, static_cast<int64_t>(t.size()) - 1));
                    t[pos] = static_cast<char>(t[pos] ^ (1 << rng.uniformInt(0, 7)));
                }
                loadCleanly(t);
            }
        }
    }

    void absurdValues() {
        const char* cases[] = {
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":1e18,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"tasks":[]})",
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":4096,"cores_per_socket":4096,"threads_per_core":4096,"numa_nodes":1},"tasks":[]})",
            R"({"format":1,"name":"x","duration":"99999999999999999999999s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"tasks":[]})",
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"tasks":[{"name":"t","count":100000,"program":[{"loop":-1,"do":[{"fork":{"name":"c","program":[{"loop":-1,"do":[{"yield":true}]}]}}]}]}]})",
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"tasks":[{"name":"t","cpus":"0-65535","program":[]}]})",
            R"({"format":1e400})",
            R"({"format":-0.0,"seed":18446744073709551616})",
        };
        for (const char* c : cases)
            loadCleanly(c);
    }

    void loopNestingTenThousandDeep() {
        std::string prog = R"([{"run":"1ms"}])";
        std::string open, close;
        for (int i = 0; i < 10000; ++i) {
            open += R"([{"loop":1,"do":)";
            close += "}]";
        }
        const std::string text =
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"tasks":[{"name":"t","program":)" +
            open + prog + close + "}]}";
        core::LoadResult r = core::loadScenarioText(text, "deep.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t(1));
        QVERIFY2(r.errors[0].find("nesting deeper than 128 levels") != std::string::npos,
                 r.errors[0].c_str());
    }

    void tenMegabyteStrings() {
        const PeakGrowth growth;
        const std::string big(10 << 20, 'x');
        nlohmann::json j = nlohmann::json::parse(
            R"({"format":1,"duration":"1s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1}})");
        j["name"] = big;
        j["description"] = big;
        j["tasks"] = nlohmann::json::array({{{"name", big}, {"program", nlohmann::json::array()}}});
        const std::string text = j.dump();
        core::LoadResult r = core::loadScenarioText(text, "big.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), size_t(3)); // name, description, task name: each too long
        QVERIFY(r.errors[0].find("string of 10485760 characters; at most 256") != std::string::npos);
        for (const std::string& e : r.errors)
            QVERIFY(e.size() < 400); // the message quotes at most a prefix
        // Parsing a 30 MB document may need a few copies of it, not more; it needs at least one.
        if (!growth.measurable())
            QSKIP("/proc/self/clear_refs cannot reset the peak here: what this case adds is not measurable");
        QVERIFY2(growth.mb() >= 30 && growth.mb() < 600, qPrintable(QString::number(growth.mb())));
    }

    void hugeKeyCountsAndArrays() {
        std::string text =
            R"({"format":1,"name":"x","duration":"1s","topology":{"sockets":1,"cores_per_socket":1,"threads_per_core":1,"numa_nodes":1},"channels":[)";
        for (int i = 0; i < 200000; ++i)
            text += std::string(i ? "," : "") + "{\"name\":\"c" + std::to_string(i) + "\",\"kind\":\"pipe\"}";
        text += R"(],"tasks":[{"name":"t","count":100000,"program":[{"send":"c{i}"},{"recv":"d{i}"}]}]})";
        core::LoadResult r = core::loadScenarioText(text, "wide.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.errors[0].find("unknown channel \"d0\"") != std::string::npos, r.errors[0].c_str());
    }

    void oversizedFileIsRefusedBeforeParsing() {
        const std::string text(core::kMaxScenarioBytes + 1, ' ');
        core::LoadResult r = core::loadScenarioText(text, "huge.json");
        QCOMPARE(r.errors.size(), size_t(1));
        QVERIFY(r.errors[0].find("at most") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestScenarioFuzz)
#include "tst_scenario_fuzz.moc"
