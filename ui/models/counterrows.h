#pragma once

#include "base/counters.h"

#include <QString>

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
};

/// Every counter, then kernel overhead by operation for the operations that cost something in
/// any of `shown` (an operation that never ran is left out).
std::vector<CounterRow> counterRows(std::initializer_list<const core::Counters*> shown);

} // namespace ui
