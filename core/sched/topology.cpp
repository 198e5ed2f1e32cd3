#include "sched/topology.h"

#include <algorithm>

namespace core {

const char* domainLevelName(DomainLevel l) {
    switch (l) {
    case DomainLevel::Smt:
        return "SMT";
    case DomainLevel::Mc:
        return "MC";
    case DomainLevel::Pkg:
        return "PKG";
    case DomainLevel::Numa:
        return "NUMA";
    }
    return "?";
}

namespace {

constexpr uint32_t kDefaultFlags =
    SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK | SD_WAKE_AFFINE;

DomainLevelInfo makeLevel(DomainLevel level, uint32_t span, uint32_t group) {
    // sd_init() of v4.11: intervals from the span weight, busy_factor 32, imbalance_pct 125,
    // then per-level adjustments.
    DomainLevelInfo d{level, span, group, kDefaultFlags, 125, 0, 32, span, 2 * span};
    switch (level) {
    case DomainLevel::Smt:
        d.flags |= SD_PREFER_SIBLING | SD_SHARE_CPUCAPACITY | SD_SHARE_PKG_RESOURCES;
        d.imbalancePct = 110;
        d.cacheNiceTries = 0;
        break;
    case DomainLevel::Mc:
        d.flags |= SD_SHARE_PKG_RESOURCES;
        d.imbalancePct = 117;
        d.cacheNiceTries = 1;
        break;
    case DomainLevel::Pkg:
        d.flags |= SD_PREFER_SIBLING;
        d.cacheNiceTries = 1;
        break;
    case DomainLevel::Numa:
        d.flags |= SD_NUMA | SD_SERIALIZE;
        d.cacheNiceTries = 2;
        break;
    }
    return d;
}

} // namespace

Topology::Topology(const TopologySpec& spec)
    : m_spec(spec)
    , m_nrCpus(spec.nrCpus()) {
    m_cpus.reserve(m_nrCpus);
    const uint32_t socketsPerNode = spec.sockets / spec.numaNodes;
    for (uint32_t s = 0; s < spec.sockets; ++s)
        for (uint32_t c = 0; c < spec.coresPerSocket; ++c)
            for (uint32_t t = 0; t < spec.threadsPerCore; ++t)
                m_cpus.push_back({s, s * spec.coresPerSocket + c, c, t, s / socketsPerNode});

    // Candidate levels bottom-up with their spans; a level survives only if it spans more than
    // the level below (otherwise the kernel finds it degenerate and drops it).
    const uint32_t coreSpan = spec.threadsPerCore;
    const uint32_t socketSpan = coreSpan * spec.coresPerSocket;
    const uint32_t nodeSpan = socketSpan * socketsPerNode;
    const std::pair<DomainLevel, uint32_t> candidates[] = {{DomainLevel::Smt, coreSpan},
                                                           {DomainLevel::Mc, socketSpan},
                                                           {DomainLevel::Pkg, nodeSpan},
                                                           {DomainLevel::Numa, m_nrCpus}};
    uint32_t below = 1;
    for (auto [level, span] : candidates) {
        if (span <= below) {
            // Degenerate parent: the kernel hands PREFER_SIBLING down to the surviving child.
            if (!m_levels.empty() && (makeLevel(level, span, below).flags & SD_PREFER_SIBLING))
                m_levels.back().flags |= SD_PREFER_SIBLING;
            continue;
        }
        m_levels.push_back(makeLevel(level, span, below));
        below = span;
    }
    for (size_t i = 0; i < m_levels.size(); ++i)
        if (m_levels[i].flags & SD_SHARE_PKG_RESOURCES)
            m_llcLevel = static_cast<int>(i);
}

CpuRange Topology::llc(CpuId c) const {
    if (m_llcLevel < 0)
        return {c.value(), 1};
    return span(static_cast<size_t>(m_llcLevel), c);
}

void Topology::setSmtGainCapacity(bool on) {
    m_capacityOrig = (on && hasSmt()) ? 1178 / m_spec.threadsPerCore : 1024;
}

std::string Topology::cpuName(CpuId c) const {
    return "cpu" + std::to_string(kernelCpu(c));
}

std::string Topology::cpuRangeName(uint32_t first, uint32_t count) const {
    std::vector<uint32_t> numbers;
    for (uint32_t c = first; c < first + count && c < m_nrCpus; ++c)
        numbers.push_back(kernelCpu(CpuId(c)));
    std::sort(numbers.begin(), numbers.end());
    return "cpu" + formatCpuList(numbers);
}

std::string Topology::cpuLabel(CpuId c) const {
    const CpuInfo& i = cpu(c);
    return cpuName(c) + " (" + std::to_string(i.socket) + "/" + std::to_string(i.coreInSocket) + "/" +
           std::to_string(i.thread) + ")";
}

void Topology::useV6Parameters() {
    for (DomainLevelInfo& d : m_levels) {
        d.busyFactor = 16;
        if (d.imbalancePct == 125)
            d.imbalancePct = 117;
        if (d.level == DomainLevel::Numa)
            d.flags &= ~SD_PREFER_SIBLING;
        else
            d.flags |= SD_PREFER_SIBLING;
    }
}

} // namespace core
