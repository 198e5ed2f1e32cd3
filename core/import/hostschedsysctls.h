#pragma once

// The host kernel's scheduler sysctls (/proc/sys/kernel/sched_*), and which of them no upstream
// kernel has. A kernel patched with scheduling rules of its own decides differently from the
// upstream rules the models follow, so a comparison with it says so (docs/host.md,
// docs/reality.md).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct HostSchedSysctl {
    std::string name;  ///< the file's name, e.g. "sched_autogroup_enabled"
    std::string value; ///< its first line as text (bytesAsText); "(unreadable)" or "(directory)"
    bool upstream = false;
};

struct HostSchedSysctls {
    std::vector<HostSchedSysctl> all; ///< every sched_* entry, by name
    /// One sentence naming the settings no upstream kernel has; empty when there are none.
    std::string note;
};

/// Whether an upstream kernel from v4.11 to v6.18 has /proc/sys/kernel/NAME (the sched_ sysctls
/// of kernel/sysctl.c, kernel/sched/ and arch/x86, including those later moved to debugfs).
bool isUpstreamSchedSysctl(std::string_view name);

/// Reads the sched_* entries of dir (normally /proc/sys/kernel); a missing directory has none.
HostSchedSysctls readSchedSysctls(const std::filesystem::path& dir);

} // namespace core
