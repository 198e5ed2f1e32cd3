#pragma once

#include "base/counters.h"

#include <QString>

#include <array>
#include <functional>
#include <vector>

namespace ui {

/// One engine counter as the views list it: its name, what it means, and how to read it from
/// a Counters (so the same row reads two moments, or two runs).
struct CounterRow {
    QString name;
    QString tooltip;
    std::function<double(const core::Counters&)> value;
    bool isTime = false; ///< the value is in ns
    bool traced = false; ///< a recording counts it too (the others are the simulator's own)
};

/// Every counter, then kernel overhead by operation for the operations that cost something in
/// any of `shown` (an operation that never ran is left out). `tracedOnly`: only what a
/// recording counts (no simulator counters, no overhead).
std::vector<CounterRow> counterRows(std::initializer_list<const core::Counters*> shown,
                                    bool tracedOnly = false);

/// The English label and meaning the ui translates for core::counterCatalog()[index] (for the
/// check that they are core's).
std::array<const char*, 2> counterText(size_t index);

} // namespace ui
