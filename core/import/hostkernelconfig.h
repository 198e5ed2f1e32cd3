#pragma once

// The host kernel's build configuration, as far as the scenario uses it: CONFIG_HZ, the tick
// rate that ends EEVDF slices and CFS tick preemption (docs/host.md).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace core {

struct HostKernelConfig {
    std::optional<uint32_t> hz; ///< CONFIG_HZ, when read and one a scenario can take
    std::string source;         ///< the file it was read from; empty when none was readable
    std::string note;           ///< what was read, or why not (one sentence)
};

/// Reads CONFIG_HZ from a kernel configuration file, plain text or gzip (/proc/config.gz).
HostKernelConfig readKernelConfig(const std::filesystem::path& file);

/// This machine's configuration: /proc/config.gz (CONFIG_IKCONFIG_PROC), else
/// /boot/config-RELEASE (Debian and most distributions ship it), else a note that says so.
HostKernelConfig readThisKernelConfig();

} // namespace core
