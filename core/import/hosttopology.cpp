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

} // namespace

HostTopology readHostTopology(const fs::path& sysfsRoot) {
    HostTopology out;
    const fs::path cpuDir = sysfsRoot / "devices" / "system" / "cpu";
    const std::vector<uint32_t> present = hostfs::numberedEntries(cpuDir, "cpu");
    if (present.empty()) {
        std::error_code ec;
        throw HostImportError(cpuDir.string() + ": expected the CPU directories cpu0, cpu1, ..., found " +
                              (fs::is_directory(cpuDir, ec) ? "none" : "no such directory"));
    }

    // Online CPUs only: an offline CPU has no topology and runs nothing.
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
    std::map<uint32_t, size_t> position;
    for (size_t i = 0; i < cpus.size(); ++i)
        position[cpus[i]] = i;

    // Per CPU: package, die and thread siblings.
    std::vector<HostCpu> host(cpus.size());
    Cores cores(cpus.size());
    std::vector<uint32_t> noPackage, noSiblings;
    for (size_t i = 0; i < cpus.size(); ++i) {
        HostCpu& h = host[i];
        h.number = cpus[i];
        const fs::path topo = cpuDir / ("cpu" + std::to_string(h.number)) / "topology";
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
            if (auto it = position.find(s); it != position.end())
                cores.unite(i, it->second);
    }
    if (!noPackage.empty())
        out.notes.push_back(missingOn("topology/physical_package_id", noPackage) +
                            ": missing or unreadable; taken to be package 0");
    if (!noSiblings.empty())
        out.notes.push_back(missingOn("topology/thread_siblings_list", noSiblings) +
                            ": missing or unreadable; each such CPU is taken to be a core of its own");

    // NUMA nodes.
    const fs::path nodeDir = sysfsRoot / "devices" / "system" / "node";
    std::map<long long, std::vector<uint32_t>> nodeCpus;
    for (uint32_t n : hostfs::numberedEntries(nodeDir, "node")) {
        auto list = readCpuList(nodeDir / ("node" + std::to_string(n)) / "cpulist");
        if (!list) {
            out.notes.push_back((nodeDir / ("node" + std::to_string(n)) / "cpulist").string() +
                                ": missing or unreadable; the node is left out");
            continue;
        }
        for (uint32_t c : *list)
            if (auto it = position.find(c); it != position.end()) {
                host[it->second].node = n;
                nodeCpus[n].push_back(c);
            }
    }

    // Cores (CPUs ascending within a core) and packages (cores ordered by their first CPU).
    std::map<size_t, std::vector<size_t>> coreMembers; // root -> positions, ascending
    for (size_t i = 0; i < cpus.size(); ++i)
        coreMembers[cores.find(i)].push_back(i);
    struct Package {
        long long id;
        long long node;
        std::vector<std::vector<size_t>> cores;
        std::set<long long> dies;
    };
    std::map<long long, Package> packages;
    std::vector<uint32_t> splitCores;
    for (auto& [root, members] : coreMembers) {
        const HostCpu& first = host[members.front()];
        Package& p =
            packages.try_emplace(first.package, Package{first.package, first.node, {}, {}}).first->second;
        for (size_t m : members) {
            if (host[m].package != first.package)
                splitCores.push_back(host[m].number);
            p.dies.insert(host[m].die);
        }
        p.cores.push_back(members);
    }
    if (!splitCores.empty())
        out.notes.push_back("CPUs " + formatCpuList(splitCores) +
                            " are thread siblings of a CPU in another package; each core is placed in its "
                            "first CPU's package");
    std::vector<Package*> order;
    for (auto& [id, p] : packages) {
        std::sort(p.cores.begin(), p.cores.end(), [&](const auto& a, const auto& b) {
            return host[a.front()].number < host[b.front()].number;
        });
        order.push_back(&p);
    }
    // Sockets of one NUMA node are consecutive in the format: order packages by node, then id.
    std::stable_sort(order.begin(), order.end(),
                     [](const Package* a, const Package* b) { return a->node < b->node; });
    for (const Package* p : order)
        if (p->dies.size() > 1) {
            out.notes.push_back("package " + std::to_string(p->id) + " has " +
                                std::to_string(p->dies.size()) +
                                " dies: the model has no die level; the package is one socket");
            break;
        }

    // Fit sockets x cores x threads.
    std::set<size_t> threadCounts, coreCounts;
    for (const Package* p : order) {
        coreCounts.insert(p->cores.size());
        for (const auto& c : p->cores)
            threadCounts.insert(c.size());
    }
    std::vector<std::vector<std::vector<size_t>>> model; // socket -> core -> CPU positions
    if (threadCounts.size() == 1 && coreCounts.size() == 1) {
        for (const Package* p : order)
            model.push_back(p->cores);
    } else if (threadCounts.size() == 1) {
        out.notes.push_back("packages have " + std::to_string(*coreCounts.begin()) + " to " +
                            std::to_string(*coreCounts.rbegin()) +
                            " cores; the format needs one count for all sockets: written as one socket of "
                            "every core");
        model.emplace_back();
        for (const Package* p : order)
            model.back().insert(model.back().end(), p->cores.begin(), p->cores.end());
    } else {
        // Hybrid cores (SMT performance cores beside single-thread efficiency cores): one thread
        // per core keeps every CPU, at the price of the SMT level.
        auto coreWith = [&](size_t threads) {
            for (const Package* p : order)
                for (const auto& c : p->cores)
                    if (c.size() == threads) {
                        std::vector<uint32_t> n;
                        for (size_t m : c)
                            n.push_back(host[m].number);
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
        for (const Package* p : order) {
            size_t n = 0;
            for (const auto& c : p->cores)
                n += c.size();
            cpuCounts.insert(n);
        }
        const bool keepSockets = cpuCounts.size() == 1;
        for (const Package* p : order) {
            if (keepSockets || model.empty())
                model.emplace_back();
            for (const auto& c : p->cores)
                for (size_t m : c)
                    model.back().push_back({m});
        }
    }
    TopologySpec& machine = out.machine;
    machine.sockets = static_cast<uint32_t>(model.size());
    machine.coresPerSocket = static_cast<uint32_t>(model.front().size());
    machine.threadsPerCore = static_cast<uint32_t>(model.front().front().size());
    std::vector<uint32_t> numbers;
    for (const auto& s : model)
        for (const auto& c : s)
            for (size_t m : c)
                numbers.push_back(host[m].number);
    out.cpus = cpus;

    // NUMA: whole sockets per node, the same number in each.
    if (nodeCpus.size() > 1) {
        // The node of each socket (-1: its CPUs are on different nodes), then equal runs.
        std::vector<long long> socketNode;
        for (const auto& s : model) {
            long long node = host[s.front().front()].node;
            for (const auto& c : s)
                for (size_t m : c)
                    if (host[m].node != node)
                        node = -1;
            socketNode.push_back(node);
        }
        const size_t nodes = nodeCpus.size();
        bool whole = model.size() % nodes == 0;
        const size_t perNode = whole ? model.size() / nodes : 1;
        std::set<long long> seen;
        for (size_t s = 0; whole && s < model.size(); s += perNode) {
            whole = socketNode[s] >= 0 && seen.insert(socketNode[s]).second;
            for (size_t k = s; whole && k < s + perNode; ++k)
                whole = socketNode[k] == socketNode[s];
        }
        if (whole) {
            machine.numaNodes = static_cast<uint32_t>(nodes);
        } else {
            std::string list;
            for (const auto& [n, l] : nodeCpus)
                list += (list.empty() ? "node" : ", node") + std::to_string(n) + " " + formatCpuList(l);
            out.notes.push_back("NUMA nodes (" + list + ") do not hold whole sockets in equal numbers; " +
                                "the machine is written as one node");
        }
    }

    // The last-level cache of the first CPU: the model's MC domain is the socket.
    const uint32_t firstCpu = numbers.front();
    const fs::path cacheDir = cpuDir / ("cpu" + std::to_string(firstCpu)) / "cache";
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
            if (position.count(c))
                llc.push_back(c);
    }
    if (bestLevel < 0) {
        out.notes.push_back(cacheDir.string() +
                            ": no cache information; the last-level cache (the MC domain) is taken to span "
                            "the socket");
    } else {
        out.lastLevelCache = "L" + std::to_string(bestLevel) + " " + formatCpuList(llc);
        const size_t perSocket = size_t{machine.coresPerSocket} * machine.threadsPerCore;
        std::vector<uint32_t> socket(numbers.begin(), numbers.begin() + static_cast<long>(perSocket));
        std::sort(socket.begin(), socket.end());
        if (llc != socket)
            out.notes.push_back("the L" + std::to_string(bestLevel) + " cache of cpu" +
                                std::to_string(firstCpu) + " is shared by CPUs " + formatCpuList(llc) +
                                ", its socket is CPUs " + formatCpuList(socket) +
                                ": the model's MC domain (the last-level cache) spans the socket");
    }
    for (size_t i = 0; i < numbers.size(); ++i)
        if (numbers[i] != i) {
            machine.cpuNumbers = std::move(numbers);
            break;
        }
    return out;
}

} // namespace core
