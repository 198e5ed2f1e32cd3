#pragma once

// `schedscope-cli host`: a scenario skeleton for the machine it runs on (or for a copy of its
// sysfs and cgroupfs trees): topology, the kernel's CPU numbering and the cgroup tree, with no
// tasks. docs/host.md describes what is read and every approximation.

#include "import/hostcgroups.h"
#include "import/hostkernelconfig.h"
#include "import/hostschedsysctls.h"
#include "import/hosttopology.h"

#include <filesystem>
#include <string>
#include <vector>

namespace core {

struct HostImport {
    std::string scenarioJson;       ///< a valid scenario (2-space indented JSON)
    std::vector<std::string> notes; ///< what could not be represented exactly, and what was done
    HostTopology topology;
    HostCgroups cgroups;
    HostKernelConfig kernelConfig;
};

/// Reads sysfsRoot (normally "/sys") and cgroupfsRoot (normally "/sys/fs/cgroup"); the scenario's
/// kernel.hz is kernelConfig's CONFIG_HZ where it has one (readThisKernelConfig for this machine).
/// sysctls' note, when it has one, joins the notes (readSchedSysctls for this machine).
/// Throws HostImportError when sysfsRoot has no CPUs to read.
HostImport importHost(const std::filesystem::path& sysfsRoot, const std::filesystem::path& cgroupfsRoot,
                      const HostKernelConfig& kernelConfig, const HostSchedSysctls& sysctls = {});

} // namespace core
