#include "reality/realcgroups.h"

#include "base/cgrouprules.h"
#include "import/hostfs.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <set>
#include <sstream>
#include <thread>

namespace core {

namespace {

std::string slurp(const std::string& path, bool& ok) {
    const std::optional<std::string> text = hostfs::readValue(path);
    ok = text.has_value();
    return text.value_or(std::string());
}

bool permissionErrno(int e) {
    return e == EACCES || e == EPERM || e == EROFS;
}

std::string writeText(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return path + ": cannot open for writing: " + std::strerror(errno);
    const ssize_t n = ::write(fd, text.data(), text.size());
    const int e = errno;
    ::close(fd);
    if (n != static_cast<ssize_t>(text.size()))
        return path + ": writing \"" + text + "\" failed: " + std::strerror(e);
    return {};
}

std::vector<std::string> prefixesOf(const std::string& path) {
    std::vector<std::string> out;
    for (size_t i = 1; i <= path.size(); ++i)
        if (i == path.size() || path[i] == '/')
            out.push_back(path.substr(0, i));
    return out;
}

} // namespace

CgroupMounts findCgroupMounts(const std::string& mountsText) {
    CgroupMounts m;
    std::istringstream in(mountsText);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream f(line);
        std::string dev, dir, type, opts;
        if (!(f >> dev >> dir >> type >> opts))
            continue;
        if (type == "cgroup2" && m.v2.empty()) {
            m.v2 = dir;
        } else if (type == "cgroup" && m.v1cpu.empty()) {
            std::istringstream o(opts);
            for (std::string opt; std::getline(o, opt, ',');)
                if (opt == "cpu")
                    m.v1cpu = dir;
        }
    }
    if (!m.v2.empty()) {
        bool ok = false;
        const std::string ctl = slurp(m.v2 + "/cgroup.subtree_control", ok);
        std::istringstream c(ctl);
        for (std::string w; c >> w;)
            m.v2CpuController = m.v2CpuController || w == "cpu";
    }
    return m;
}

bool parsePressure(const std::string& text, PsiResource& r) {
    std::istringstream in(text);
    std::string line;
    bool any = false;
    while (std::getline(in, line)) {
        std::istringstream f(line);
        std::string kind;
        f >> kind;
        PsiLine* l = kind == "some" ? &r.some : kind == "full" ? &r.full : nullptr;
        if (!l)
            continue;
        for (std::string kv; f >> kv;) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos)
                continue;
            const std::string key = kv.substr(0, eq), val = kv.substr(eq + 1);
            char* end = nullptr;
            if (key == "total") {
                l->totalUs = std::strtoull(val.c_str(), &end, 10);
            } else {
                const int i = key == "avg10" ? 0 : key == "avg60" ? 1 : key == "avg300" ? 2 : -1;
                if (i < 0)
                    continue;
                // The file prints LOAD_INT.LOAD_FRAC of a fixed-point value; 2048 = 1% here.
                l->avg[i] = static_cast<uint64_t>(std::strtod(val.c_str(), &end) * 2048.0 + 0.5);
            }
            any = true;
        }
    }
    return any;
}

std::string RealCgroups::dir(const std::string& root, const std::string& path) const {
    if (path == "/")
        // Cgroup v2 with controllers: a cgroup with children cannot hold processes, so the
        // scenario root's own tasks live in a leaf of their own.
        return m_cpuIsV2 ? root + "/_root" : root;
    return root + path;
}

std::string RealCgroups::create(const CgroupMounts& mounts, const std::string& tag,
                                const std::vector<std::string>& paths, bool& permission) {
    permission = false;
    if (mounts.v2.empty() && mounts.v1cpu.empty()) {
        permission = true;
        return "no cgroup hierarchy is mounted (neither cgroup2 nor a v1 hierarchy with the cpu controller)";
    }
    if (!mounts.v2.empty() && mounts.v2CpuController) {
        m_cpuIsV2 = true;
        m_cpuRoot = m_psiRoot = mounts.v2 + "/" + tag;
        m_mode = "cgroup v2 (" + mounts.v2 + "): cpu.weight, cpu.max and pressure";
    } else if (!mounts.v1cpu.empty()) {
        m_cpuRoot = mounts.v1cpu + "/" + tag;
        if (!mounts.v2.empty()) {
            m_psiRoot = mounts.v2 + "/" + tag;
            m_mode = "cgroup v1 cpu (" + mounts.v1cpu +
                     "): weights as cpu.shares, cfs bandwidth; cgroup v2 (" + mounts.v2 +
                     ", no cpu controller): pressure and usage";
        } else {
            m_mode = "cgroup v1 cpu (" + mounts.v1cpu +
                     "): weights as cpu.shares, cfs bandwidth; no cgroup v2, "
                     "so no per-cgroup pressure";
        }
    } else {
        m_psiRoot = mounts.v2 + "/" + tag;
        m_mode = "cgroup v2 (" + mounts.v2 +
                 ") without the cpu controller: pressure and usage only; weights "
                 "and cpu.max are NOT applied";
    }

    // Every directory, parents first; which ones have children (v2 controllers go there).
    std::set<std::string> all{"/"};
    for (const std::string& p : paths)
        for (const std::string& pre : prefixesOf(p == "/" ? std::string() : p))
            all.insert(pre);
    std::set<std::string> parents;
    for (const std::string& p : all)
        if (p != "/")
            parents.insert(cgroupParent(p));
    std::vector<std::string> roots{m_cpuRoot};
    if (m_psiRoot != m_cpuRoot)
        roots.push_back(m_psiRoot);
    for (const std::string& root : roots) {
        if (root.empty())
            continue;
        for (const std::string& p : all) { // std::set order puts "/a" before "/a/b"
            const std::string d = p == "/" ? root : root + p;
            if (::mkdir(d.c_str(), 0755) != 0) {
                permission = permissionErrno(errno);
                return d + ": cannot create the cgroup: " + std::strerror(errno);
            }
            m_created.push_back(d);
            if (root == m_cpuRoot && !m_cpuIsV2)
                giveRtRuntime(mounts.v1cpu, p, d, all);
            if (m_cpuIsV2 && (p == "/" || parents.count(p))) {
                if (std::string e = writeText(d + "/cgroup.subtree_control", "+cpu"); !e.empty())
                    return e;
            }
        }
        if (m_cpuIsV2) {
            const std::string leaf = root + "/_root";
            if (::mkdir(leaf.c_str(), 0755) != 0)
                return leaf + ": cannot create the cgroup: " + std::strerror(errno);
            m_created.push_back(leaf);
        }
    }
    return {};
}

void RealCgroups::giveRtRuntime(const std::string& mount, const std::string& path, const std::string& d,
                                const std::set<std::string>& all) {
    // With RT group scheduling (CONFIG_RT_GROUP_SCHED) a new v1 cpu cgroup has no RT runtime, and
    // sched_setscheduler refuses RT policies inside it. The subtree gets what it can of the
    // root's, and each cgroup an equal part of its parent's.
    if (::access((d + "/cpu.rt_runtime_us").c_str(), W_OK) != 0)
        return;
    bool ok = false;
    int64_t budget = 0;
    if (path == "/") {
        budget = std::strtoll(slurp(mount + "/cpu.rt_runtime_us", ok).c_str(), nullptr, 10);
    } else {
        const std::string parent = cgroupParent(path);
        int64_t siblings = 0;
        for (const std::string& q : all)
            siblings += q != "/" && cgroupParent(q) == parent;
        budget = m_rtRuntime[parent] / std::max<int64_t>(siblings, 1);
    }
    for (int64_t v = budget; v >= 1000; v /= 2)
        if (writeText(d + "/cpu.rt_runtime_us", std::to_string(v)).empty()) {
            m_rtRuntime[path] = v;
            if (path == "/")
                m_notes.push_back("RT group scheduling: the subtree got " + std::to_string(v) +
                                  " us of RT runtime per cpu.rt_period_us (each cgroup an equal part of its "
                                  "parent's); the simulation throttles RT only machine-wide");
            return;
        }
    m_rtRuntime[path] = 0;
    if (path == "/")
        m_notes.push_back(
            "RT group scheduling: no RT runtime could be given to the subtree; RT policies will "
            "be refused");
}

std::string RealCgroups::setWeight(const std::string& path, uint32_t weight) const {
    if (m_cpuRoot.empty() || path == "/")
        return {};
    if (m_cpuIsV2)
        return writeText(dir(m_cpuRoot, path) + "/cpu.weight", std::to_string(weight));
    return writeText(dir(m_cpuRoot, path) + "/cpu.shares", std::to_string(uint64_t(weight) * 1024 / 100));
}

std::string RealCgroups::setMax(const std::string& path, const CpuMax& max) const {
    if (m_cpuRoot.empty() || path == "/")
        return {};
    const std::string d = dir(m_cpuRoot, path);
    const std::string burst = std::to_string(max.burst.count() / 1000);
    if (m_cpuIsV2) {
        if (std::string e = writeText(d + "/cpu.max", max.fileText()); !e.empty())
            return e;
        return max.burst.count() ? writeText(d + "/cpu.max.burst", burst) : std::string();
    }
    // v1: the period first (a quota is checked against it), the burst after the quota.
    if (std::string e = writeText(d + "/cpu.cfs_period_us", std::to_string(max.period.count() / 1000));
        !e.empty())
        return e;
    const std::string quota = max.quota ? std::to_string(max.quota->count() / 1000) : std::string("-1");
    if (std::string e = writeText(d + "/cpu.cfs_quota_us", quota); !e.empty())
        return e;
    return max.burst.count() ? writeText(d + "/cpu.cfs_burst_us", burst) : std::string();
}

std::string RealCgroups::place(int pid, const std::string& path) const {
    const std::string who = std::to_string(pid);
    if (!m_cpuRoot.empty())
        if (std::string e = writeText(dir(m_cpuRoot, path) + "/cgroup.procs", who); !e.empty())
            return e;
    if (!m_psiRoot.empty() && m_psiRoot != m_cpuRoot)
        return writeText(dir(m_psiRoot, path) + "/cgroup.procs", who);
    return {};
}

CgroupReading RealCgroups::read(const std::string& path) const {
    CgroupReading r;
    const std::string root = m_psiRoot.empty() ? m_cpuRoot : m_psiRoot;
    if (root.empty())
        return r;
    // A v2 parent's figures include its children; the scenario root's own leaf is not it.
    const std::string d = path == "/" ? root : dir(root, path);
    bool ok = false;
    std::istringstream stat(slurp(d + "/cpu.stat", ok));
    r.ok = ok;
    for (std::string key; stat >> key;) {
        int64_t v = 0;
        stat >> v;
        if (key == "usage_usec")
            r.usage = SimTime::us(v);
        else if (key == "user_usec")
            r.user = SimTime::us(v);
        else if (key == "system_usec")
            r.system = SimTime::us(v);
    }
    bool pok = false;
    parsePressure(slurp(d + "/cpu.pressure", pok), r.psi.cpu);
    parsePressure(slurp(d + "/memory.pressure", pok), r.psi.memory);
    parsePressure(slurp(d + "/io.pressure", pok), r.psi.io);
    return r;
}

std::string RealCgroups::destroy() {
    if (m_created.empty())
        return {};
    // cgroup.kill (Linux 5.14) kills the whole v2 subtree at once; the procs files catch the rest.
    if (!m_psiRoot.empty() && ::access((m_psiRoot + "/cgroup.kill").c_str(), W_OK) == 0)
        writeText(m_psiRoot + "/cgroup.kill", "1");
    std::string failed;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!m_created.empty()) {
        const std::string d = m_created.back();
        bool ok = false;
        std::istringstream procs(slurp(d + "/cgroup.procs", ok));
        for (int pid; procs >> pid;)
            if (pid > 0 && pid != ::getpid())
                ::kill(pid, SIGKILL);
        if (::rmdir(d.c_str()) == 0 || errno == ENOENT) {
            m_created.pop_back();
            continue;
        }
        if (errno != EBUSY || std::chrono::steady_clock::now() > deadline) {
            failed += (failed.empty() ? "" : "; ") + d + ": " + std::strerror(errno);
            m_created.pop_back();
            continue;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5)); // dying processes still in it
    }
    return failed;
}

std::vector<std::string> RealCgroups::directories() const {
    return m_created;
}

} // namespace core
