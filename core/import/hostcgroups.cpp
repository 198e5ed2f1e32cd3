// cgroupfs -> scenario cgroups. cgroup v2 files are described in the kernel's
// Documentation/admin-guide/cgroup-v2.rst; the v1 cpu files in scheduler/sched-bwc.rst.
#include "import/hostcgroups.h"

#include "base/cgrouprules.h"
#include "import/hostfs.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <system_error>

namespace core {

namespace fs = std::filesystem;
using hostfs::readCpuList;
using hostfs::readInteger;
using hostfs::readValue;

namespace {

constexpr size_t kMaxDepth = 100; // the scenario format's limit

/// Every directory below root, as cgroup paths ("/a/b"), sorted so parents come first. Symbolic
/// links are not followed (v1 mounts link "cpu" to "cpu,cpuacct" at the top only).
std::vector<std::string> cgroupDirs(const fs::path& root) {
    std::vector<std::string> out;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        if (it.depth() >= static_cast<int>(kMaxDepth)) {
            it.disable_recursion_pending();
            continue;
        }
        if (!it->is_directory(ec) || it->is_symlink(ec))
            continue;
        out.push_back("/" + fs::relative(it->path(), root, ec).generic_string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

fs::path dirOf(const fs::path& root, const std::string& cgroup) {
    return cgroup == "/" ? root : root / cgroup.substr(1);
}

/// cgroup v2's "cpu.max": "max 100000" or "50000 100000".
bool parseCpuMax(const std::string& text, std::optional<long long>& quota, long long& period) {
    std::istringstream in(text);
    std::string q;
    long long p = 0;
    if (!(in >> q >> p) || p <= 0)
        return false;
    period = p;
    if (q == "max") {
        quota.reset();
        return true;
    }
    long long v = 0;
    auto [ptr, ec] = std::from_chars(q.data(), q.data() + q.size(), v);
    if (ec != std::errc{} || ptr != q.data() + q.size() || v <= 0)
        return false;
    quota = v;
    return true;
}

/// What the scenario format accepts (the kernel refuses the same): quota >= 1ms, period 1ms..1s,
/// burst <= quota. A host value outside is dropped with a note.
void checkLimit(HostCgroup& cg, const fs::path& file, std::vector<std::string>& notes) {
    if (!cg.quotaUs)
        return;
    if (*cg.quotaUs < 1000 || cg.periodUs < 1000 || cg.periodUs > 1000000 || cg.burstUs > *cg.quotaUs) {
        notes.push_back(file.string() + ": quota " + std::to_string(*cg.quotaUs) + "us, period " +
                        std::to_string(cg.periodUs) + "us, burst " + std::to_string(cg.burstUs) +
                        "us is outside what the kernel accepts; no limit written");
        cg.quotaUs.reset();
        cg.burstUs = 0;
    }
}

/// Keeps the first `limit` cgroups and says how many were left out.
void cap(HostCgroups& out, size_t limit, const fs::path& root) {
    if (out.cgroups.size() <= limit)
        return;
    out.notes.push_back(std::to_string(out.cgroups.size() - limit) + " of the " +
                        std::to_string(out.cgroups.size()) + " cgroups under " + root.string() +
                        " are left out (at most " + std::to_string(limit) + " are written)");
    out.cgroups.resize(limit);
}

void readV2(const fs::path& root, const std::vector<uint32_t>& onlineCpus, HostCgroups& out) {
    const std::string controllers = readValue(root / "cgroup.subtree_control").value_or("");
    const bool cpuOn = (" " + controllers + " ").find(" cpu ") != std::string::npos;
    if (!cpuOn)
        out.notes.push_back((root / "cgroup.subtree_control").string() +
                            " does not enable the cpu controller (\"" + controllers +
                            "\"): every cgroup gets the default weight 100 and no limit");
    std::map<std::string, std::vector<uint32_t>> effective;
    effective["/"] = readCpuList(root / "cpuset.cpus.effective").value_or(onlineCpus);
    size_t withoutCpu = 0;
    for (const std::string& path : cgroupDirs(root)) {
        if (path == "/")
            continue;
        const fs::path dir = dirOf(root, path);
        HostCgroup cg;
        cg.path = path;
        if (auto w = readInteger(dir / "cpu.weight")) {
            cg.weight = static_cast<uint32_t>(std::clamp<long long>(*w, kMinCgroupWeight, kMaxCgroupWeight));
        } else if (cpuOn) {
            ++withoutCpu;
        }
        if (auto m = readValue(dir / "cpu.max")) {
            if (!parseCpuMax(*m, cg.quotaUs, cg.periodUs))
                out.notes.push_back((dir / "cpu.max").string() +
                                    ": expected \"max PERIOD\" or \"QUOTA PERIOD\", found \"" + *m +
                                    "\"; no limit written");
            cg.burstUs = cg.quotaUs ? readInteger(dir / "cpu.max.burst").value_or(0) : 0;
            checkLimit(cg, dir / "cpu.max", out.notes);
        }
        const std::vector<uint32_t>& parent = effective[cgroupParent(path)];
        std::vector<uint32_t> mine = readCpuList(dir / "cpuset.cpus.effective").value_or(parent);
        if (mine.empty())
            mine = parent; // an empty cpuset inherits the parent's (cgroup-v2.rst)
        if (mine != parent)
            cg.cpus = mine;
        effective[path] = std::move(mine);
        out.cgroups.push_back(std::move(cg));
    }
    if (withoutCpu > 0)
        out.notes.push_back(
            std::to_string(withoutCpu) +
            " cgroups have no cpu.weight (the cpu controller is not enabled in their parent's "
            "cgroup.subtree_control): written with the default weight 100");
}

/// The v1 hierarchy holding a controller's file, or an empty path.
fs::path v1Hierarchy(const fs::path& root, const char* file, std::initializer_list<const char*> names) {
    std::error_code ec;
    for (const char* n : names)
        if (fs::exists(root / n / file, ec))
            return root / n;
    return {};
}

void readV1(const fs::path& root, const std::vector<uint32_t>& onlineCpus, HostCgroups& out) {
    const fs::path cpu = v1Hierarchy(root, "cpu.shares", {"cpu", "cpu,cpuacct", "cpuacct,cpu"});
    const fs::path cpuset = v1Hierarchy(root, "cpuset.effective_cpus", {"cpuset"});
    if (cpu.empty())
        out.notes.push_back(root.string() +
                            ": no v1 cpu hierarchy (cpu/cpu.shares): every cgroup gets the default "
                            "weight 100 and no limit");
    std::map<std::string, HostCgroup> byPath;
    if (!cpu.empty()) {
        for (const std::string& path : cgroupDirs(cpu)) {
            if (path == "/")
                continue;
            const fs::path dir = dirOf(cpu, path);
            HostCgroup& cg = byPath[path];
            cg.path = path;
            // cgroup v2's weight 100 is v1's 1024 shares; the scenario converts back the same way.
            if (auto s = readInteger(dir / "cpu.shares"))
                cg.weight = static_cast<uint32_t>(
                    std::clamp<long long>((*s * 100 + 512) / 1024, kMinCgroupWeight, kMaxCgroupWeight));
            const long long quota = readInteger(dir / "cpu.cfs_quota_us").value_or(-1);
            if (quota > 0) {
                cg.quotaUs = quota;
                cg.periodUs = readInteger(dir / "cpu.cfs_period_us").value_or(100000);
                cg.burstUs = readInteger(dir / "cpu.cfs_burst_us").value_or(0);
                checkLimit(cg, dir / "cpu.cfs_quota_us", out.notes);
            }
        }
    }
    if (!cpuset.empty()) {
        std::map<std::string, std::vector<uint32_t>> effective;
        effective["/"] = readCpuList(cpuset / "cpuset.effective_cpus").value_or(onlineCpus);
        for (const std::string& path : cgroupDirs(cpuset)) {
            if (path == "/")
                continue;
            const std::vector<uint32_t>& parent = effective[cgroupParent(path)];
            std::vector<uint32_t> mine =
                readCpuList(dirOf(cpuset, path) / "cpuset.effective_cpus").value_or(parent);
            if (mine.empty())
                mine = parent;
            if (mine != parent) {
                HostCgroup& cg = byPath[path];
                cg.path = path;
                cg.cpus = mine;
            }
            effective[path] = std::move(mine);
        }
    }
    // A path only the cpuset hierarchy has gets its parents from the format (created with
    // weight 100), as the kernel's v1 cpu hierarchy treats a group it does not have.
    for (auto& [path, cg] : byPath)
        out.cgroups.push_back(cg);
}

} // namespace

HostCgroups readHostCgroups(const fs::path& root, const std::vector<uint32_t>& onlineCpus, size_t limit) {
    HostCgroups out;
    std::error_code ec;
    if (fs::exists(root / "cgroup.controllers", ec)) {
        out.hierarchy = "v2";
        readV2(root, onlineCpus, out);
    } else if (fs::exists(root / "unified" / "cgroup.controllers", ec)) {
        const fs::path unified = root / "unified";
        const std::string controllers = readValue(unified / "cgroup.controllers").value_or("");
        if ((" " + controllers + " ").find(" cpu ") != std::string::npos) {
            out.hierarchy = "hybrid";
            out.notes.push_back(root.string() + " is a hybrid cgroup v1/v2 mount; the v2 tree " +
                                unified.string() + " has the cpu controller, so cgroups are read from it");
            readV2(unified, onlineCpus, out);
        } else {
            out.hierarchy = "hybrid";
            out.notes.push_back(root.string() + " is a hybrid cgroup v1/v2 mount: the v2 tree " +
                                unified.string() + " has no cpu controller (cgroup.controllers: \"" +
                                controllers +
                                "\"); weights, limits and cpusets are read from the v1 cpu and cpuset "
                                "hierarchies, a weight as cpu.shares x 100 / 1024");
            readV1(root, onlineCpus, out);
        }
    } else if (fs::exists(root / "cpu", ec) || fs::exists(root / "cpuset", ec)) {
        out.hierarchy = "v1";
        out.notes.push_back(root.string() +
                            " is a cgroup v1 mount: a weight is read as cpu.shares x 100 / 1024");
        readV1(root, onlineCpus, out);
    } else {
        out.hierarchy = "none";
        out.notes.push_back(root.string() +
                            ": no cgroup filesystem (neither cgroup.controllers nor v1 cpu or "
                            "cpuset hierarchies); the scenario has no cgroups");
    }
    cap(out, limit, root);
    return out;
}

} // namespace core
