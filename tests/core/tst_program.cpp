#include "context/program.h"
#include "scenario/loader.h"
#include "testutil.h"

#include <QtTest>

using namespace core;

namespace {

struct NoNames : NameResolver {
    uint32_t channel(const std::string&) override { return 0; }
    CgroupId cgroup(const std::string&) override { return CgroupId(0); }
    uint32_t session(const std::string&) override { return 1; }
    std::shared_ptr<const CpuSet> cpus(const CpuListParse&) override { return nullptr; }
};

std::vector<ActionKind> trace(const std::string& programJson, int maxSteps = 100) {
    auto j = testutil::baseScenario();
    j["tasks"][0]["program"] = nlohmann::json::parse(programJson);
    auto spec = testutil::load(j);
    NoNames names;
    auto prog = compileProgram(spec->tasks[0].program, 0, names);
    ProgramCursor c;
    std::vector<ActionKind> out;
    for (int i = 0; i < maxSteps; ++i) {
        bool spun = false;
        const Instr* ins = c.current(*prog, spun);
        if (!ins)
            break;
        out.push_back(ins->kind);
        c.advance();
    }
    return out;
}

} // namespace

class TestProgram : public QObject {
    Q_OBJECT
private slots:
    void loopsRepeatTheirBody() {
        auto k = trace(R"([{"loop": 3, "do": [{"run": "1ms"}, {"sleep": "1ms"}]}, {"yield": true}])");
        QCOMPARE(k.size(), size_t(7));
        QCOMPARE(k[0], ActionKind::Run);
        QCOMPARE(k[5], ActionKind::Sleep);
        QCOMPARE(k[6], ActionKind::Yield);
    }
    void nestedLoops() {
        auto k = trace(R"([{"loop": 2, "do": [{"loop": 3, "do": [{"run": "1ms"}]}, {"io": "1ms"}]}])");
        QCOMPARE(k.size(), size_t(8)); // 2 x (3 runs + 1 io)
        QCOMPARE(std::count(k.begin(), k.end(), ActionKind::Run), 6);
    }
    void zeroCountLoopsAreSkipped() {
        auto k = trace(R"([{"loop": 0, "do": [{"run": "1ms"}]}, {"exit": true}])");
        QCOMPARE(k, std::vector<ActionKind>{ActionKind::Exit});
    }
    void foreverLoops() {
        auto k = trace(R"([{"loop": -1, "do": [{"run": "1ms"}]}])", 1000);
        QCOMPARE(k.size(), size_t(1000));
    }
    void endlessEmptyLoopsSpinInsteadOfHanging() {
        auto j = testutil::baseScenario();
        j["tasks"][0]["program"] =
            nlohmann::json::parse(R"([{"loop": -1, "do": [{"loop": 0, "do": [{"run": "1ms"}]}]}])");
        auto spec = testutil::load(j);
        NoNames names;
        auto prog = compileProgram(spec->tasks[0].program, 0, names);
        ProgramCursor c;
        bool spun = false;
        QVERIFY(c.current(*prog, spun) == nullptr);
        QVERIFY(spun);
    }
    void instanceSpecificPrograms() {
        auto j = testutil::baseScenario();
        j["channels"] = nlohmann::json::parse(R"([{"name": "c{i}", "kind": "pipe", "count": 2}])");
        j["tasks"][0]["program"] = nlohmann::json::parse(R"([{"send": "c{i}"}])");
        j["tasks"][0]["count"] = 2;
        auto spec = testutil::load(j);
        QVERIFY(programUsesInstance(spec->tasks[0].program));
        j["tasks"][0]["program"] = nlohmann::json::parse(R"([{"run": "1ms"}])");
        QVERIFY(!programUsesInstance(testutil::load(j)->tasks[0].program));
    }
};

QTEST_APPLESS_MAIN(TestProgram)
#include "tst_program.moc"
