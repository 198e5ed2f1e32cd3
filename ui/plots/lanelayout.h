#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace core {
class Topology;
}

namespace ui {

/// Where each CPU's lane sits on the value axis: CPUs in topology order with a small gap
/// between cores and a larger one between sockets, so SMT siblings sit together.
struct LaneLayout {
    std::vector<double> position; ///< value-axis centre of each CPU's lane
    double laneHeight = 0.9;
    double extent = 0; ///< value-axis size of all lanes
    void build(const core::Topology& topo);
    /// The CPU whose lane contains value v, if any.
    std::optional<uint32_t> cpuAt(double v) const;
};

} // namespace ui
