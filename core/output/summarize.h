#pragma once

#include "report/summary.h"

namespace core {

class Engine;

/// What a simulation has produced so far, read from its engine (the CLI's summary, the
/// experiments' figures).
RunSummary summarize(const Engine& engine);

} // namespace core
