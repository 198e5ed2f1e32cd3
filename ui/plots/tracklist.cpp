#include "plots/tracklist.h"

#include "sched/topology.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace ui {

void TrackList::build(const core::Topology& topo) {
    m_topo = &topo;
    const core::TopologySpec& spec = topo.spec();
    m_socketRows = spec.sockets > 1;
    m_coreRows = spec.threadsPerCore > 1;
    const bool open = topo.nrCpus() <= kExpandedUpTo;
    m_socketOpen.assign(spec.sockets, true);
    m_coreOpen.assign(size_t(spec.sockets) * spec.coresPerSocket, open);
    layOut();
}

void TrackList::layOut() {
    m_rows.clear();
    m_extent = 0;
    if (!m_topo)
        return;
    const core::TopologySpec& spec = m_topo->spec();
    const uint32_t perCore = spec.threadsPerCore;
    const uint32_t perSocket = spec.coresPerSocket * perCore;
    double y = 0;
    auto add = [&](Track::Kind kind, uint32_t first, uint32_t count, uint32_t index, bool expanded,
                   double gap) {
        if (!m_rows.empty())
            y += gap;
        // An expanded header is a thin summary above its children.
        const double space = expanded ? kHeaderHeight + 0.1 : 1.0;
        m_rows.push_back({kind, first, count, index, expanded, y + space / 2, space - 0.1});
        y += space;
    };
    for (uint32_t s = 0; s < spec.sockets; ++s) {
        const uint32_t socketFirst = s * perSocket;
        if (m_socketRows) {
            add(Track::Kind::Socket, socketFirst, perSocket, s, m_socketOpen[s], 1.0);
            if (!m_socketOpen[s])
                continue;
        }
        for (uint32_t c = 0; c < spec.coresPerSocket; ++c) {
            const uint32_t core = s * spec.coresPerSocket + c;
            const uint32_t first = socketFirst + c * perCore;
            // An expanded core stands apart from its neighbours so that its threads read as one.
            const bool prevOpen = !m_rows.empty() && m_rows.back().kind == Track::Kind::Cpu && m_coreRows;
            if (m_coreRows) {
                add(Track::Kind::Core, first, perCore, core, m_coreOpen[core],
                    m_coreOpen[core] || prevOpen ? 0.35 : 0.0);
                if (!m_coreOpen[core])
                    continue;
            }
            for (uint32_t t = 0; t < perCore; ++t)
                add(Track::Kind::Cpu, first + t, 1, first + t, false, 0.0);
        }
    }
    m_extent = y;
}

std::optional<size_t> TrackList::rowAt(double v) const {
    // The first row whose lower edge is below v.
    auto it = std::lower_bound(m_rows.begin(), m_rows.end(), v,
                               [](const Track& t, double x) { return t.position + t.band / 2 < x; });
    if (it == m_rows.end() || std::abs(it->position - v) > it->band / 2)
        return std::nullopt;
    return static_cast<size_t>(it - m_rows.begin());
}

std::optional<size_t> TrackList::rowOfCpu(uint32_t cpu) const {
    // The deepest row covering the CPU: rows are in CPU order, parents before children.
    std::optional<size_t> found;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const Track& t = m_rows[i];
        if (cpu >= t.first && cpu < t.first + t.count)
            found = i;
        else if (t.first > cpu)
            break;
    }
    return found;
}

bool TrackList::cpuShown(uint32_t cpu) const {
    const auto r = rowOfCpu(cpu);
    return r && m_rows[*r].kind == Track::Kind::Cpu;
}

void TrackList::toggle(size_t row) {
    if (row >= m_rows.size())
        return;
    const Track& t = m_rows[row];
    if (t.kind == Track::Kind::Socket)
        m_socketOpen[t.index] = !m_socketOpen[t.index];
    else if (t.kind == Track::Kind::Core)
        m_coreOpen[t.index] = !m_coreOpen[t.index];
    layOut();
}

void TrackList::reveal(uint32_t cpu) {
    if (!m_topo || cpu >= m_topo->nrCpus())
        return;
    const core::CpuInfo& info = m_topo->cpu(core::CpuId(cpu));
    m_socketOpen[info.socket] = true;
    m_coreOpen[info.core] = true;
    layOut();
}

void TrackList::expandAll() {
    std::fill(m_socketOpen.begin(), m_socketOpen.end(), true);
    std::fill(m_coreOpen.begin(), m_coreOpen.end(), true);
    layOut();
}

void TrackList::collapseCores() {
    std::fill(m_socketOpen.begin(), m_socketOpen.end(), true);
    std::fill(m_coreOpen.begin(), m_coreOpen.end(), false);
    layOut();
}

QString TrackList::label(const Track& t) const {
    const QString range = m_topo ? QString::fromStdString(m_topo->cpuRangeName(t.first, t.count))
                                 : QStringLiteral("cpu%1-%2").arg(t.first).arg(t.first + t.count - 1);
    switch (t.kind) {
    case Track::Kind::Cpu:
        return m_topo ? QString::fromStdString(m_topo->cpuLabel(core::CpuId(t.first)))
                      : QStringLiteral("cpu%1").arg(t.first);
    case Track::Kind::Core:
        return t.expanded ? QCoreApplication::translate("ui::TrackList", "\u25be core %1").arg(t.index)
                          : QCoreApplication::translate("ui::TrackList", "\u25b8 core %1: %2")
                                .arg(t.index)
                                .arg(range);
    case Track::Kind::Socket:
        return t.expanded ? QCoreApplication::translate("ui::TrackList", "\u25be socket %1").arg(t.index)
                          : QCoreApplication::translate("ui::TrackList", "\u25b8 socket %1: %2")
                                .arg(t.index)
                                .arg(range);
    }
    return {};
}

} // namespace ui
