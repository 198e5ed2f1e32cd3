#include "controller/cgroupcolors.h"

namespace ui {

namespace {
// Okabe & Ito, "Color Universal Design" (2008), without black.
const QColor kHues[] = {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x9E, 0x73),
                        QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                        QColor(0xCC, 0x79, 0xA7)};
} // namespace

void CgroupColors::rebuild(const std::vector<core::CgroupState>& cgroups) {
    m_colors.assign(cgroups.size(), rootColor());
    int topLevel = 0;
    std::vector<int> childIndex(cgroups.size(), 0);
    // Parents come before their children (the engine creates them in that order).
    for (const core::CgroupState& c : cgroups) {
        const uint32_t id = c.id.value();
        if (id >= m_colors.size() || !c.parent.valid())
            continue; // the root keeps grey
        const uint32_t parent = c.parent.value();
        if (parent == 0) {
            m_colors[id] = kHues[topLevel++ % std::size(kHues)];
            continue;
        }
        // Siblings alternate lighter and darker, further from the parent's colour each step.
        const int n = childIndex[parent]++;
        const int step = 115 + 20 * (n / 2 + 1);
        const QColor base = parent < m_colors.size() ? m_colors[parent] : rootColor();
        m_colors[id] = n % 2 == 0 ? base.lighter(step) : base.darker(step);
    }
}

QColor CgroupColors::color(uint32_t cgroupId) const {
    return cgroupId < m_colors.size() ? m_colors[cgroupId] : rootColor();
}

} // namespace ui
