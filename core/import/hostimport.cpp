#include "import/hostimport.h"

#include "import/hostfs.h"

#include <nlohmann/json.hpp>

namespace core {

namespace {

std::string durationUs(long long us) {
    if (us % 1000 == 0)
        return std::to_string(us / 1000) + "ms";
    return std::to_string(us) + "us";
}

} // namespace

HostImport importHost(const std::filesystem::path& sysfsRoot, const std::filesystem::path& cgroupfsRoot,
                      const HostKernelConfig& kernelConfig, const HostSchedSysctls& sysctls) {
    using ojson = nlohmann::ordered_json;
    HostImport r;
    r.topology = readHostTopology(sysfsRoot);
    r.cgroups = readHostCgroups(cgroupfsRoot, r.topology.cpus);
    r.notes = r.topology.notes;
    r.notes.insert(r.notes.end(), r.cgroups.notes.begin(), r.cgroups.notes.end());
    r.kernelConfig = kernelConfig;
    if (!kernelConfig.note.empty())
        r.notes.push_back(kernelConfig.note);
    if (!sysctls.note.empty())
        r.notes.push_back(sysctls.note);

    const TopologySpec& t = r.topology.machine;
    ojson s = ojson::object();
    s["format"] = 1;
    s["name"] = "host: " + std::to_string(t.sockets) + " x " + std::to_string(t.coresPerSocket) + " x " +
                std::to_string(t.threadsPerCore) + " CPUs";
    std::string description = "Imported by schedscope-cli host from " + sysfsRoot.string() + " and " +
                              cgroupfsRoot.string() + " (cgroup hierarchy: " + r.cgroups.hierarchy + ")";
    if (!r.topology.lastLevelCache.empty())
        description += "; last-level cache of the first CPU: " + r.topology.lastLevelCache;
    description += ". Add tasks to run it.";
    for (const std::string& n : r.notes)
        description += "\nNote: " + n;
    s["description"] = description;
    s["duration"] = "1s";
    ojson topo = ojson::object();
    topo["sockets"] = t.sockets;
    topo["cores_per_socket"] = t.coresPerSocket;
    topo["threads_per_core"] = t.threadsPerCore;
    topo["numa_nodes"] = t.numaNodes;
    // On one line (a placeholder replaced after dump(): nlohmann indents every element).
    const std::string kNumbers = "@cpu_numbers@";
    if (!t.cpuNumbers.empty())
        topo["cpu_numbers"] = kNumbers;
    s["topology"] = topo;
    // A current kernel schedules with EEVDF; v6.12 is the newest model (docs/eevdf.md).
    s["kernel"] = ojson{{"model", "v6.12"}};
    // The tick ends EEVDF slices (at the first tick past the deadline) and CFS tick preemption.
    if (kernelConfig.hz)
        s["kernel"]["hz"] = *kernelConfig.hz;
    ojson cgroups = ojson::array();
    for (const HostCgroup& cg : r.cgroups.cgroups) {
        ojson c = ojson::object();
        c["path"] = cg.path;
        if (cg.weight != 100)
            c["weight"] = cg.weight;
        if (cg.cpus)
            c["cpus"] = formatCpuList(*cg.cpus);
        if (cg.quotaUs) {
            ojson m = ojson::object();
            m["quota"] = durationUs(*cg.quotaUs);
            m["period"] = durationUs(cg.periodUs);
            if (cg.burstUs > 0)
                m["burst"] = durationUs(cg.burstUs);
            c["max"] = m;
        }
        cgroups.push_back(std::move(c));
    }
    if (!cgroups.empty())
        s["cgroups"] = std::move(cgroups);
    s["tasks"] = ojson::array();
    r.scenarioJson = s.dump(2) + "\n";
    if (const size_t at = r.scenarioJson.find('"' + kNumbers + '"'); at != std::string::npos) {
        std::string line = "[";
        for (size_t i = 0; i < t.cpuNumbers.size(); ++i)
            line += (i ? ", " : "") + std::to_string(t.cpuNumbers[i]);
        r.scenarioJson.replace(at, kNumbers.size() + 2, line + "]");
    }
    return r;
}

} // namespace core
