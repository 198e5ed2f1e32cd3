#pragma once

// rt-app JSON -> the workload model (import/rtappmodel.h): every key read and checked as rt-app
// reads it, and what rt-app ignores or the model cannot represent warned about. Internal to the
// rt-app importer (import/rtapp.h).

#include "import/rtappjson.h"
#include "import/rtappmodel.h"

#include <cstdint>

namespace core::rtapp {

/// The workload of a parsed rt-app file. `cpus` is the machine's CPU count asked for (0: from
/// the file); a CPU at or above it is an error. Throws RtAppError where rt-app would refuse the
/// file.
Workload parseWorkload(const rtappjson::Document& doc, uint32_t cpus, Messages& msg);

} // namespace core::rtapp
