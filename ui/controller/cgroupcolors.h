#pragma once

#include "report/snapshot.h"

#include <QColor>

#include <vector>

namespace ui {

/// Colour means cgroup: a colour-blind-safe hue (Okabe-Ito) per top-level cgroup, lighter and
/// darker shades of it for the cgroups below, slate grey for the root. Shared by every view so the
/// cgroup tree is the legend.
class CgroupColors {
public:
    void rebuild(const std::vector<core::CgroupState>& cgroups);
    QColor color(uint32_t cgroupId) const;
    static QColor overhead() { return QColor(40, 40, 40); }
    static QColor rootColor() { return QColor(96, 110, 135); }
    size_t size() const { return m_colors.size(); }

private:
    std::vector<QColor> m_colors;
};

} // namespace ui
