#pragma once

// From this host's measurements (hostcosts.h) to the cost model's entries, a costs file that
// `run --costs` reads, and the check that matters: the pipe round trip the simulator predicts
// with those costs against the one measured. docs/calibration.md has every formula.

#include "base/costs.h"
#include "base/simtime.h"
#include "reality/hostcosts.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct CalibratedCost {
    CostOp op;
    SimTime value;
    std::string derivation; ///< the formula over the measurements, e.g. "yield switch - syscall"
};

struct Calibration {
    std::vector<CalibratedCost> costs;
    std::vector<std::string> notes; ///< costs left at their defaults, and why
};

/// The cost-model entries this host's measurements determine (never negative).
Calibration calibrate(const HostMeasurements& m);

/// A costs file (docs/cost-model.md): {"format": 1, "kind", "host", "measured", "costs"}.
std::string costsFileJson(const Calibration& c, const HostMeasurements& m, const std::string& host);

/// A 1-byte pipe ping-pong between two tasks, on one CPU or across two, simulated with the
/// given cost overrides (empty: the defaults) on `model` ("v4.11", "v6.6", "v6.12"): simulated
/// nanoseconds per round trip.
double simulatedPipeRoundTripNs(bool crossCpu, const std::map<CostOp, SimTime>& costs,
                                const std::string& model);

} // namespace core
