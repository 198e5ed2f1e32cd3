#pragma once

// The CPU topology of a Linux host, read from sysfs (devices/system/cpu/cpu*/topology/,
// cpu*/cache/index*/ and devices/system/node/node*/cpulist) and fitted to the scenario format's
// sockets x cores x threads machine. docs/host.md lists every file and rule.

#include "scenario/scenariospec.h"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace core {

/// The host cannot be described at all (no CPU directories). The message names the path, what
/// was expected and what was found.
struct HostImportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct HostTopology {
    /// The machine as the scenario format describes it; machine.cpuNumbers is the kernel's
    /// number of each CPU in scenario order (socket, core, thread), empty when they agree.
    TopologySpec machine;
    /// The online CPUs read, ascending.
    std::vector<uint32_t> cpus;
    /// Largest cache level found and the CPUs sharing it with the first CPU ("L3 0-19,40-59"),
    /// empty without cache information.
    std::string lastLevelCache;
    /// What could not be represented exactly, and what was done instead.
    std::vector<std::string> notes;
};

/// Reads the online CPUs under sysfsRoot (normally "/sys"). Throws HostImportError when there
/// are none to read.
HostTopology readHostTopology(const std::filesystem::path& sysfsRoot);

} // namespace core
