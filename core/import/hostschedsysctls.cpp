#include "import/hostschedsysctls.h"

#include "base/bytetext.h"
#include "import/hostfs.h"

#include <algorithm>
#include <array>
#include <system_error>

namespace core {

bool isUpstreamSchedSysctl(std::string_view name) {
    static constexpr std::array<std::string_view, 23> kUpstream = {
        "sched_autogroup_enabled",
        "sched_cfs_bandwidth_slice_us",
        "sched_child_runs_first",
        "sched_deadline_period_max_us",
        "sched_deadline_period_min_us",
        "sched_domain", // a directory of per-domain settings until v5.13 (now debugfs)
        "sched_energy_aware",
        "sched_itmt_enabled",
        "sched_latency_ns", // this and the next seven: CONFIG_SCHED_DEBUG; gone by v5.13
        "sched_migration_cost_ns",
        "sched_min_granularity_ns",
        "sched_nr_migrate",
        "sched_shares_window_ns",
        "sched_time_avg_ms",
        "sched_tunable_scaling",
        "sched_wakeup_granularity_ns",
        "sched_rr_timeslice_ms",
        "sched_rt_period_us",
        "sched_rt_runtime_us",
        "sched_schedstats",
        "sched_util_clamp_max",
        "sched_util_clamp_min",
        "sched_util_clamp_min_rt_default",
    };
    return std::find(kUpstream.begin(), kUpstream.end(), name) != kUpstream.end();
}

HostSchedSysctls readSchedSysctls(const std::filesystem::path& dir) {
    HostSchedSysctls r;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("sched_", 0) != 0)
            continue;
        HostSchedSysctl s;
        s.name = name;
        s.upstream = isUpstreamSchedSysctl(name);
        if (it->is_directory(ec))
            s.value = "(directory)";
        else
            s.value = hostfs::readValue(it->path()).value_or("(unreadable)");
        if (const size_t nl = s.value.find('\n'); nl != std::string::npos)
            s.value = s.value.substr(0, nl) + " ..."; // one line in a note
        // A patched kernel's file holds bytes; the note goes into JSON, which carries text.
        s.name = bytesAsText(s.name);
        s.value = bytesAsText(s.value);
        r.all.push_back(std::move(s));
    }
    std::sort(r.all.begin(), r.all.end(),
              [](const HostSchedSysctl& a, const HostSchedSysctl& b) { return a.name < b.name; });
    std::string own;
    for (const HostSchedSysctl& s : r.all)
        if (!s.upstream)
            own += std::string(own.empty() ? "" : ", ") + "kernel." + s.name + " = " + s.value;
    if (!own.empty())
        r.note = "this kernel has scheduler settings no upstream kernel has (" + own +
                 "); its decisions may differ from the upstream rules the models follow";
    return r;
}

} // namespace core
