#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// What a row's comparison with the published figure is worth.
enum class SeedRowKind : uint8_t {
    Sweep,        ///< no published figure to compare with (a point the seed did not measure)
    Fit,          ///< a default or workload parameter was chosen to match this figure
    Prediction,   ///< nothing was chosen to match it: the model's own answer
    Construction, ///< both variants run identical code: equal by construction, not a test
};
std::string_view seedRowKindName(SeedRowKind k);

/// One row of a seed experiment: the simulated value with the change off (before) and on
/// (after), and the figures its authors published, when they did.
struct SeedRow {
    std::string label;
    double before = 0;
    double after = 0;
    std::optional<double> publishedBefore;
    std::optional<double> publishedAfter;
    SeedRowKind kind = SeedRowKind::Sweep;
    /// What was fitted to this row (Fit), or why it holds by construction (Construction).
    std::string note;
    /// For rows averaged over seeds: the standard error of the per-seed relative change, in
    /// percentage points (how far the mean change could be from the model's true effect).
    std::optional<double> changeStdErrPct;

    double changePct() const { return before != 0 ? (after - before) / before * 100.0 : 0.0; }
    std::optional<double> publishedChangePct() const;
    /// Same direction as published and the relative change within a factor of 2 of it: for an
    /// increase (after/before - 1) within a factor of 2, or the ratio itself when it is large
    /// (234x accepts 117x..468x); for a decrease the reduction at least half the published one
    /// and what remains at least half of what remained (-56.5% accepts -28%..-78%).
    /// Empty when nothing was published or the published change is within noise (< 0.5%).
    std::optional<bool> agrees() const;
    /// A prediction with a verdict: the rows `bench seeds` counts.
    bool countsAsPrediction() const { return kind == SeedRowKind::Prediction && agrees().has_value(); }
};

/// One seed change's experiment, run with the change off and on under the same seed(s).
struct SeedExperiment {
    std::string id;       ///< the optimization key
    std::string title;    ///< the patch
    std::string scenario; ///< builtin scenario it is based on
    std::string metric;
    std::string unit;
    bool lowerIsBetter = true;
    std::vector<SeedRow> rows;
    double wallSeconds = 0;
    bool quick = false;
};

struct SeedOptions {
    bool quick = false; ///< scaled-down workloads, for tests
    /// Progress messages (e.g. to stderr); may be empty.
    std::function<void(const std::string&)> progress;
};

/// The experiments, in the order of the seed table.
std::vector<std::string> seedExperimentIds();
/// Runs one experiment; throws std::invalid_argument for an unknown id.
SeedExperiment runSeedExperiment(const std::string& id, const SeedOptions& options);

/// The PSI cost-versus-depth sweep (perfpipe, ops/s) for both walks, for the views.
struct DepthPoint {
    int depth = 0;              ///< cgroup levels below the root
    double parentOpsPerSec = 0; ///< cached parent pointer (psi_direct_iteration off)
    double directOpsPerSec = 0; ///< direct cgroup walk (on)
    double noPsiOpsPerSec = 0;  ///< PSI off, the ceiling
};
std::vector<DepthPoint> psiDepthSweep(const std::vector<int>& depths, uint64_t roundTrips);

/// Predictions with a verdict, and how many of them agree.
struct PredictionCount {
    int agree = 0;
    int total = 0;
};
PredictionCount countPredictions(const std::vector<SeedExperiment>& exps);

std::string seedsToTable(const std::vector<SeedExperiment>& exps);
std::string seedsToMarkdown(const std::vector<SeedExperiment>& exps);
std::string seedsToJson(const std::vector<SeedExperiment>& exps);

} // namespace core
