// The seed experiments (scaled down with --quick): every row moves the way the seed measured,
// the runs are deterministic, and the agreement rule is the one the issue states.
#include "experiments/seeds.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace core;

namespace {

enum class Dir { Down, Up, Same, WithinNoise, Small }; // Small: within 5%

/// What each seed measured, row by row (the seed tables, in our row order), except where the
/// README explains that the model differs: psi=0 and cpuacct disabled change nothing by
/// construction, and sched messaging (scaled down here) shows no effect beyond the run-to-run
/// noise of 400 chaotic tasks. Rows the seed did not measure (the 1 and 3 level sweep points)
/// take the direction of the shallow rows it did: the direct walk gains until the hierarchy
/// outgrows the cache (8 and 50 levels: the assumption docs/cost-model.md states).
const std::map<std::string, std::vector<Dir>>& expectedDirections() {
    static const std::map<std::string, std::vector<Dir>> m = {
        {"psi_clock_once", {Dir::WithinNoise, Dir::Down}},
        {"psi_direct_iteration",
         {Dir::Same, Dir::Same, Dir::Up, Dir::Up, Dir::Up, Dir::Up, Dir::Up, Dir::Up, Dir::Down, Dir::Down}},
        {"autogroup_move_skip", {Dir::Down, Dir::Small}}, // the spawn row: the model shows no regression
        {"cpuacct_batch_scaling", {Dir::Same, Dir::Up, Dir::Down}},
        {"prefer_sibling_local", {Dir::Down, Dir::Down, Dir::Down, Dir::Down, Dir::Down, Dir::Down}},
    };
    return m;
}

SeedOptions quick() {
    SeedOptions o;
    o.quick = true;
    return o;
}

SeedRow pubRow(double pb, double pa, double sb, double sa) {
    SeedRow r;
    r.label = "row";
    r.publishedBefore = pb;
    r.publishedAfter = pa;
    r.before = sb;
    r.after = sa;
    return r;
}

} // namespace

class TestSeeds : public QObject {
    Q_OBJECT
private slots:
    void everyExperimentIsListedOnce() {
        const auto ids = seedExperimentIds();
        QCOMPARE(ids.size(), size_t(5));
        for (const auto& [id, dirs] : expectedDirections())
            QVERIFY2(std::count(ids.begin(), ids.end(), id) == 1, id.c_str());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runSeedExperiment("no_such_change", quick()));
    }

    void directionsMatchTheSeeds_data() {
        QTest::addColumn<QString>("id");
        for (const std::string& id : seedExperimentIds())
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }
    void directionsMatchTheSeeds() {
        QFETCH(QString, id);
        const SeedExperiment x = runSeedExperiment(id.toStdString(), quick());
        QVERIFY(x.quick);
        const std::vector<Dir>& want = expectedDirections().at(x.id);
        QCOMPARE(x.rows.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i) {
            const SeedRow& r = x.rows[i];
            const QByteArray what =
                QByteArray::fromStdString(x.id + ": " + r.label + ": before " + std::to_string(r.before) +
                                          ", after " + std::to_string(r.after));
            QVERIFY2(r.before > 0 && r.after >= 0, what);
            switch (want[i]) {
            case Dir::Down:
                QVERIFY2(r.after < r.before, what);
                break;
            case Dir::Up:
                QVERIFY2(r.after > r.before, what);
                break;
            case Dir::Same:
                QVERIFY2(r.after == r.before, what);
                break;
            case Dir::Small:
                QVERIFY2(std::abs(r.changePct()) < 5, what);
                break;
            case Dir::WithinNoise:
                QVERIFY2(r.changeStdErrPct.has_value(), what);
                QVERIFY2(std::abs(r.changePct()) <= 3 * *r.changeStdErrPct + 1, what);
                break;
            }
            // Quick mode keeps every published figure (the relative changes are compared).
            QVERIFY2(r.kind == SeedRowKind::Sweep || r.publishedBefore.has_value(), what);
        }
    }

    void predictionsKeepTheirVerdicts() {
        // The README states which predictions agree (make seeds, full runs). The scaled-down
        // runs must reach the same verdicts: a prediction that stops agreeing fails here, and
        // so does one that starts to, since the README would then be wrong. Rows fitted to a
        // figure are not predictions; rows equal by construction are no test of agreement.
        const std::map<std::string, std::vector<std::optional<bool>>> verdicts = {
            {"psi_clock_once", {false}},                     // sched messaging (README explains)
            {"psi_direct_iteration", {std::nullopt, true}},  // root and 5 levels, Ryzen guest
            {"autogroup_move_skip", {true, false}},          // sched_move_task time; spawn (the revert)
            {"cpuacct_batch_scaling", {true}},               // disabled -> enabled with the change
            {"prefer_sibling_local", {false, false, false}}, // migrations (README explains)
        };
        std::vector<SeedExperiment> all;
        for (const std::string& id : seedExperimentIds()) {
            const SeedExperiment x = runSeedExperiment(id, quick());
            std::vector<std::optional<bool>> got;
            for (const SeedRow& r : x.rows)
                if (r.kind == SeedRowKind::Prediction)
                    got.push_back(r.agrees());
            QCOMPARE(got, verdicts.at(id));
            for (const SeedRow& r : x.rows) {
                if (r.kind == SeedRowKind::Fit)
                    QVERIFY2(!r.note.empty(), r.label.c_str()); // says what was fitted
                if (r.kind == SeedRowKind::Construction)
                    QCOMPARE(r.before, r.after);
            }
            all.push_back(x);
        }
        const PredictionCount c = countPredictions(all);
        QCOMPARE(c.total, 8);
        QCOMPARE(c.agree, 3);
        QVERIFY(seedsToMarkdown(all).find("3 of 8 predictions agree") != std::string::npos);
        QVERIFY(seedsToJson(all).find("\"predictions\": {\n    \"agree\": 3,\n    \"total\": 8") !=
                std::string::npos);
    }

    void resultsAreIdenticalAcrossRuns() {
        for (const std::string& id : seedExperimentIds()) {
            const SeedExperiment a = runSeedExperiment(id, quick());
            const SeedExperiment b = runSeedExperiment(id, quick());
            QCOMPARE(a.rows.size(), b.rows.size());
            for (size_t i = 0; i < a.rows.size(); ++i) {
                QCOMPARE(a.rows[i].label, b.rows[i].label);
                // Bit for bit: the same scenario and seed give the same simulation.
                QVERIFY2(a.rows[i].before == b.rows[i].before && a.rows[i].after == b.rows[i].after,
                         (id + ": " + a.rows[i].label).c_str());
            }
        }
    }

    void depthSweepCostGrowsWithDepth() {
        const auto sweep = psiDepthSweep({0, 1, 3, 5, 8, 20}, 5000);
        QCOMPARE(sweep.size(), size_t(6));
        for (size_t i = 0; i < sweep.size(); ++i) {
            const DepthPoint& p = sweep[i];
            QVERIFY(p.noPsiOpsPerSec > p.parentOpsPerSec);
            QVERIFY(p.noPsiOpsPerSec > p.directOpsPerSec);
            if (i > 0) {
                QVERIFY(p.parentOpsPerSec < sweep[i - 1].parentOpsPerSec);
                QVERIFY(p.directOpsPerSec < sweep[i - 1].directOpsPerSec);
                // Without PSI the depth only adds the group scheduling levels; with it, more.
                QVERIFY(sweep[i - 1].parentOpsPerSec - p.parentOpsPerSec >
                        0.5 * (sweep[i - 1].noPsiOpsPerSec - p.noPsiOpsPerSec));
            }
        }
        // The direct walk wins while the hierarchy stays in cache and loses beyond it.
        QVERIFY(sweep[3].directOpsPerSec > sweep[3].parentOpsPerSec);
        QVERIFY(sweep[5].directOpsPerSec < sweep[5].parentOpsPerSec);
    }

    void agreementRuleAsTheIssueStatesIt() {
        // -56.5% is matched by anything from -28.25% to -78.25% (the issue rounds to -28%..-78%).
        QCOMPARE(pubRow(100, 43.5, 100, 71.7).agrees(), std::optional<bool>(true));
        QCOMPARE(pubRow(100, 43.5, 100, 23).agrees(), std::optional<bool>(true));
        QCOMPARE(pubRow(100, 43.5, 100, 75).agrees(), std::optional<bool>(false));
        QCOMPARE(pubRow(100, 43.5, 100, 20).agrees(), std::optional<bool>(false));
        // 234x by 117x to 468x.
        QCOMPARE(pubRow(1, 234, 1, 120).agrees(), std::optional<bool>(true));
        QCOMPARE(pubRow(1, 234, 1, 460).agrees(), std::optional<bool>(true));
        QCOMPARE(pubRow(1, 234, 1, 110).agrees(), std::optional<bool>(false));
        QCOMPARE(pubRow(1, 234, 1, 480).agrees(), std::optional<bool>(false));
        // Small changes: within a factor of 2 of the change; the wrong direction never agrees.
        QCOMPARE(pubRow(100, 106.4, 100, 104.5).agrees(), std::optional<bool>(true));
        QCOMPARE(pubRow(100, 106.4, 100, 102).agrees(), std::optional<bool>(false));
        QCOMPARE(pubRow(100, 97.1, 100, 101).agrees(), std::optional<bool>(false));
        // Nothing published, or a published change within noise: no verdict.
        SeedRow none;
        none.before = 1;
        none.after = 2;
        QCOMPARE(none.agrees(), std::nullopt);
        QCOMPARE(pubRow(100, 100.2, 100, 150).agrees(), std::nullopt);
    }

    void formatsCarryEveryRow() {
        const SeedExperiment x = runSeedExperiment("autogroup_move_skip", quick());
        const std::string json = seedsToJson({x});
        QVERIFY(json.find("\"id\": \"autogroup_move_skip\"") != std::string::npos);
        QVERIFY(json.find("\"better\": \"lower\"") != std::string::npos);
        QVERIFY(json.find("\"change_pct\"") != std::string::npos);
        const std::string md = seedsToMarkdown({x});
        QVERIFY(md.find("| " + x.rows[0].label + " |") != std::string::npos);
        QVERIFY(seedsToTable({x}).find("quick") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSeeds)
#include "tst_seeds.moc"
