#include "plots/lanelayout.h"

#include "sched/topology.h"

#include <algorithm>
#include <cmath>

namespace ui {

void LaneLayout::build(const core::Topology& topo) {
    position.resize(topo.nrCpus());
    double y = 0;
    for (uint32_t c = 0; c < topo.nrCpus(); ++c) {
        const core::CpuInfo& info = topo.cpu(core::CpuId(c));
        if (c > 0) {
            const core::CpuInfo& prev = topo.cpu(core::CpuId(c - 1));
            if (info.socket != prev.socket)
                y += 1.0;
            else if (info.core != prev.core && topo.hasSmt())
                y += 0.35;
        }
        position[c] = y;
        y += 1.0;
    }
    extent = y;
}

std::optional<uint32_t> LaneLayout::cpuAt(double v) const {
    auto it = std::lower_bound(position.begin(), position.end(), v - laneHeight / 2);
    if (it == position.end() || std::abs(*it - v) > laneHeight / 2)
        return std::nullopt;
    return static_cast<uint32_t>(it - position.begin());
}

} // namespace ui
