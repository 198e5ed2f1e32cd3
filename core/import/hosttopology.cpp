// sysfs CPU topology -> the scenario format's machine. The kernel publishes, per CPU,
// topology/physical_package_id and topology/thread_siblings_list (Documentation/admin-guide/
// cputopology.rst); cache/index*/ gives the caches and node*/cpulist the NUMA nodes.
#include "import/hosttopology.h"

#include "import/hostfs.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace core {

namespace fs = std::filesystem;
using hostfs::readCpuList;
using hostfs::readInteger;
using hostfs::readValue;

namespace {

struct HostCpu {
    uint32_t number = 0;
    long long package = 0;
    long long die = 0;
    long long node = -1;
};

/// Union-find over CPU positions: the cores are the sets of CPUs that list each other as
/// thread siblings (tolerates a sibling list that the other CPU does not return).
struct Cores {
    std::vector<size_t> parent;
    explicit Cores(size_t n)
        : parent(n) {
        std::iota(parent.begin(), parent.end(), size_t{0});
    }
    size_t find(size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    }
    void unite(size_t a, size_t b) { parent[find(a)] = find(b); }
};

/// "cpu3/topology/core_id (and 5 more CPUs)" for a note about files missing on several CPUs.
std::string missingOn(const std::string& file, const std::vector<uint32_t>& cpus) {
    std::string s = "cpu" + std::to_string(cpus.front()) + "/" + file;
    if (cpus.size() > 1)
        s += " (and on " + std::to_string(cpus.size() - 1) +
             " more CPUs: " + formatCpuList(std::vector<uint32_t>(cpus.begin() + 1, cpus.end())) + ")";
    return s;
}

/// A package and the cores in it (each core: its CPUs' positions, ascending).
struct Package {
    long long id;
    long long node;
    std::vector<std::vector<size_t>> cores;
    std::set<long long> dies;
};

/// What readHostTopology has read and built so far, phase by phase.
struct HostRead {
    fs::path cpuDir;
    std::vector<uint32_t> cpus;          ///< the online CPUs, ascending
    std::map<uint32_t, size_t> position; ///< CPU number -> its index in cpus
    std::vector<HostCpu> host;           ///< by position
    Cores cores;
    std::map<long long, std::vector<uint32_t>> nodeCpus; ///< NUMA node -> its online CPUs
    std::map<long long, Package> packages;
    std::vector<Package*> order;                         ///< the sockets: by node, then package id
    std::vector<std::vector<std::vector<size_t>>> model; ///< socket -> core -> CPU positions
    std::vector<uint32_t> numbers;                       ///< kernel CPU numbers in scenario order

    HostRead(fs::path dir, std::vector<uint32_t> online)
        : cpuDir(std::move(dir))
        , cpus(std::move(online))
        , host(cpus.size())
        , cores(cpus.size()) {
        for (size_t i = 0; i < cpus.size(); ++i)
            position[cpus[i]] = i;
    }
};

/// Online CPUs only: an offline CPU has no topology and runs nothing. Throws when there are no
/// CPU directories, or none of them is online.
std::vector<uint32_t> onlineCpus(const fs::path& cpuDir, HostTopology& out) {
    const std::vector<uint32_t> present = hostfs::numberedEntries(cpuDir, "cpu");
    if (present.empty()) {
        std::error_code ec;
        throw HostImportError(cpuDir.string() + ": expected the CPU directories cpu0, cpu1, ..., found " +
                              (fs::is_directory(cpuDir, ec) ? "none" : "no such directory"));
    }
    std::vector<uint32_t> cpus = present;
    if (auto online = readCpuList(cpuDir / "online")) {
        std::vector<uint32_t> on, off;
        for (uint32_t c : present)
            (std::binary_search(online->begin(), online->end(), c) ? on : off).push_back(c);
        if (on.empty())
            throw HostImportError((cpuDir / "online").string() + ": expected online CPUs among " +
                                  formatCpuList(present) + ", found \"" + formatCpuList(*online) + "\"");
        if (!off.empty())
            out.notes.push_back("CPUs " + formatCpuList(off) + " are offline (" +
                                (cpuDir / "online").string() + " is \"" + formatCpuList(*online) +
                                "\"): left out of the machine");
        cpus = std::move(on);
    } else {
        out.notes.push_back((cpuDir / "online").string() +
                            ": missing or unreadable; every cpuN directory is taken to be online");
    }
    return cpus;
}

/// Per CPU: package, die and thread siblings (the siblings join the CPUs into cores).
void readCpus(HostRead& r, HostTopology& out) {
    std::vector<uint32_t> noPackage, noSiblings;
    for (size_t i = 0; i < r.cpus.size(); ++i) {
        HostCpu& h = r.host[i];
        h.number = r.cpus[i];
        const fs::path topo = r.cpuDir / ("cpu" + std::to_string(h.number)) / "topology";
        if (auto p = readInteger(topo / "physical_package_id"))
            h.package = std::max(*p, 0LL); // -1: the architecture does not know; one package
        else
            noPackage.push_back(h.number);
        h.die = readInteger(topo / "die_id").value_or(0);
        auto siblings = readCpuList(topo / "thread_siblings_list");
        if (!siblings)
            siblings = readCpuList(topo / "core_cpus_list");
        if (!siblings) {
            noSiblings.push_back(h.number);
            continue;
        }
        for (uint32_t s : *siblings)
            if (auto it = r.position.find(s); it != r.position.end())
                r.cores.unite(i, it->second);
    }
    if (!noPackage.empty())
        out.notes.push_back(missingOn("topology/physical_package_id", noPackage) +
                            ": missing or unreadable; taken to be package 0");
    if (!noSiblings.empty())
        out.notes.push_back(missingOn("topology/thread_siblings_list", noSiblings) +
                            ": missing or unreadable; each such CPU is taken to be a core of its own");
}

/// NUMA nodes: each online CPU's node, and each node's online CPUs.
void readNodes(const fs::path& nodeDir, HostRead& r, HostTopology& out) {
    for (uint32_t n : hostfs::numberedEntries(nodeDir, "node")) {
        auto list = readCpuList(nodeDir / ("node" + std::to_string(n)) / "cpulist");
        if (!list) {
            out.notes.push_back((nodeDir / ("node" + std::to_string(n)) / "cpulist").string() +
                                ": missing or unreadable; the node is left out");
            continue;
        }
        for (uint32_t c : *list)
            if (auto it = r.position.find(c); it != r.position.end()) {
                r.host[it->second].node = n;
                r.nodeCpus[n].push_back(c);
            }
    }
}

/// Cores (CPUs ascending within a core) and packages (cores ordered by their first CPU), then
/// the sockets' order.
void groupPackages(HostRead& r, HostTopology& out) {
    std::map<size_t, std::vector<size_t>> coreMembers; // root -> positions, ascending
    for (size_t i = 0; i < r.cpus.size(); ++i)
        coreMembers[r.cores.find(i)].push_back(i);
    std::vector<uint32_t> splitCores;
    for (auto& [root, members] : coreMembers) {
        const HostCpu& first = r.host[members.front()];
        Package& p =
            r.packages.try_emplace(first.package, Package{first.package, first.node, {}, {}}).first->second;
        for (size_t m : members) {
            if (r.host[m].package != first.package)
                splitCores.push_back(r.host[m].number);
            p.dies.insert(r.host[m].die);
        }
        p.cores.push_back(members);
    }
    if (!splitCores.empty())
        out.notes.push_back("CPUs " + formatCpuList(splitCores) +
                            " are thread siblings of a CPU in another package; each core is placed in its "
                            "first CPU's package");
    for (auto& [id, p] : r.packages) {
        std::sort(p.cores.begin(), p.cores.end(), [&](const auto& a, const auto& b) {
            return r.host[a.front()].number < r.host[b.front()].number;
        });
        r.order.push_back(&p);
    }
    // Sockets of one NUMA node are consecutive in the format: order packages by node, then id.
    std::stable_sort(r.order.begin(), r.order.end(),
                     [](const Package* a, const Package* b) { return a->node < b->node; });
    for (const Package* p : r.order)
        if (p->dies.size() > 1) {
            out.notes.push_back("package " + std::to_string(p->id) + " has " +
                                std::to_string(p->dies.size()) +
                                " dies: the model has no die level; the package is one socket");
            break;
        }
}

/// Hybrid cores (SMT performance cores beside single-thread efficiency cores): one thread per
/// core keeps every CPU, at the price of the SMT level.
void fitHybrid(HostRead& r, const std::set<size_t>& threadCounts, HostTopology& out) {
    auto coreWith = [&](size_t threads) {
        for (const Package* p : r.order)
            for (const auto& c : p->cores)
                if (c.size() == threads) {
                    std::vector<uint32_t> n;
                    for (size_t m : c)
                        n.push_back(r.host[m].number);
                    return "cpu " + formatCpuList(n);
                }
        return std::string();
    };
    const std::string example = coreWith(*threadCounts.rbegin()) + ", " + coreWith(*threadCounts.begin());
    out.notes.push_back("cores have " + std::to_string(*threadCounts.begin()) + " to " +
                        std::to_string(*threadCounts.rbegin()) + " threads (" + example +
                        "); the format needs one count for all cores: every CPU is written as a "
                        "single-thread core, so the SMT domain is lost");
    std::set<size_t> cpuCounts;
    for (const Package* p : r.order) {
        size_t n = 0;
        for (const auto& c : p->cores)
            n += c.size();
        cpuCounts.insert(n);
    }
    const bool keepSockets = cpuCounts.size() == 1;
    for (const Package* p : r.order) {
        if (keepSockets || r.model.empty())
            r.model.emplace_back();
        for (const auto& c : p->cores)
            for (size_t m : c)
                r.model.back().push_back({m});
    }
}

/// Fit sockets x cores x threads; the machine's sizes and the CPUs in scenario order.
void fitModel(HostRead& r, HostTopology& out) {
    std::set<size_t> threadCounts, coreCounts;
    for (const Package* p : r.order) {
        coreCounts.insert(p->cores.size());
        for (const auto& c : p->cores)
            threadCounts.insert(c.size());
    }
    if (threadCounts.size() == 1 && coreCounts.size() == 1) {
        for (const Package* p : r.order)
            r.model.push_back(p->cores);
    } else if (threadCounts.size() == 1) {
        out.notes.push_back("packages have " + std::to_string(*coreCounts.begin()) + " to " +
                            std::to_string(*coreCounts.rbegin()) +
                            " cores; the format needs one count for all sockets: written as one socket of "
                            "every core");
        r.model.emplace_back();
        for (const Package* p : r.order)
            r.model.back().insert(r.model.back().end(), p->cores.begin(), p->cores.end());
    } else {
        fitHybrid(r, threadCounts, out);
    }
    TopologySpec& machine = out.machine;
    machine.sockets = static_cast<uint32_t>(r.model.size());
    machine.coresPerSocket = static_cast<uint32_t>(r.model.front().size());
    machine.threadsPerCore = static_cast<uint32_t>(r.model.front().front().size());
    for (const auto& s : r.model)
        for (const auto& c : s)
            for (size_t m : c)
                r.numbers.push_back(r.host[m].number);
}

/// NUMA: whole sockets per node, the same number in each.
void fitNuma(const HostRead& r, HostTopology& out) {
    if (r.nodeCpus.size() <= 1)
        return;
    // The node of each socket (-1: its CPUs are on different nodes), then equal runs.
    std::vector<long long> socketNode;
    for (const auto& s : r.model) {
        long long node = r.host[s.front().front()].node;
        for (const auto& c : s)
            for (size_t m : c)
                if (r.host[m].node != node)
                    node = -1;
        socketNode.push_back(node);
    }
    const size_t nodes = r.nodeCpus.size();
    bool whole = r.model.size() % nodes == 0;
    const size_t perNode = whole ? r.model.size() / nodes : 1;
    std::set<long long> seen;
    for (size_t s = 0; whole && s < r.model.size(); s += perNode) {
        whole = socketNode[s] >= 0 && seen.insert(socketNode[s]).second;
        for (size_t k = s; whole && k < s + perNode; ++k)
            whole = socketNode[k] == socketNode[s];
    }
    if (whole) {
        out.machine.numaNodes = static_cast<uint32_t>(nodes);
    } else {
        std::string list;
        for (const auto& [n, l] : r.nodeCpus)
            list += (list.empty() ? "node" : ", node") + std::to_string(n) + " " + formatCpuList(l);
        out.notes.push_back("NUMA nodes (" + list + ") do not hold whole sockets in equal numbers; " +
                            "the machine is written as one node");
    }
}

/// The last-level cache of the first CPU: the model's MC domain is the socket.
void readLastLevelCache(const HostRead& r, HostTopology& out) {
    const uint32_t firstCpu = r.numbers.front();
    const fs::path cacheDir = r.cpuDir / ("cpu" + std::to_string(firstCpu)) / "cache";
    long long bestLevel = -1;
    std::vector<uint32_t> llc;
    for (uint32_t idx : hostfs::numberedEntries(cacheDir, "index")) {
        const fs::path d = cacheDir / ("index" + std::to_string(idx));
        auto level = readInteger(d / "level");
        auto type = readValue(d / "type");
        auto shared = readCpuList(d / "shared_cpu_list");
        if (!level || !shared || (type && *type == "Instruction") || *level <= bestLevel)
            continue;
        bestLevel = *level;
        llc.clear();
        for (uint32_t c : *shared)
            if (r.position.count(c))
                llc.push_back(c);
    }
    if (bestLevel < 0) {
        out.notes.push_back(cacheDir.string() +
                            ": no cache information; the last-level cache (the MC domain) is taken to span "
                            "the socket");
        return;
    }
    out.lastLevelCache = "L" + std::to_string(bestLevel) + " " + formatCpuList(llc);
    const size_t perSocket = size_t{out.machine.coresPerSocket} * out.machine.threadsPerCore;
    std::vector<uint32_t> socket(r.numbers.begin(), r.numbers.begin() + static_cast<long>(perSocket));
    std::sort(socket.begin(), socket.end());
    if (llc != socket)
        out.notes.push_back("the L" + std::to_string(bestLevel) + " cache of cpu" + std::to_string(firstCpu) +
                            " is shared by CPUs " + formatCpuList(llc) + ", its socket is CPUs " +
                            formatCpuList(socket) +
                            ": the model's MC domain (the last-level cache) spans the socket");
}

} // namespace

HostTopology readHostTopology(const fs::path& sysfsRoot) {
    HostTopology out;
    const fs::path cpuDir = sysfsRoot / "devices" / "system" / "cpu";
    HostRead r(cpuDir, onlineCpus(cpuDir, out));
    readCpus(r, out);
    readNodes(sysfsRoot / "devices" / "system" / "node", r, out);
    groupPackages(r, out);
    fitModel(r, out);
    out.cpus = r.cpus;
    fitNuma(r, out);
    readLastLevelCache(r, out);
    // The kernel's numbers only when they differ from the scenario's own.
    for (size_t i = 0; i < r.numbers.size(); ++i)
        if (r.numbers[i] != i) {
            out.machine.cpuNumbers = std::move(r.numbers);
            break;
        }
    return out;
}

} // namespace core
