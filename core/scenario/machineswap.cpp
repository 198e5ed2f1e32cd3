#include "scenario/machineswap.h"

namespace core {

namespace {

struct Fit {
    uint32_t nrCpus;
    std::string problem;

    void list(const std::optional<CpuListParse>& cpus, const std::string& who) {
        if (problem.empty() && cpus && !cpus->ranges.empty() && cpus->maxCpu() >= nrCpus)
            problem = who + " uses CPU " + std::to_string(cpus->maxCpu()) + "; the machine has CPUs 0-" +
                      std::to_string(nrCpus - 1);
    }
    void task(const TaskSpec& t) {
        list(t.cpus, "task " + t.name);
        program(t.program);
    }
    void program(const std::vector<ActionSpec>& actions) {
        for (const ActionSpec& a : actions) {
            program(a.body);
            if (a.child)
                task(*a.child);
        }
    }
};

} // namespace

std::string moveToTopology(ScenarioSpec& spec, const TopologySpec& topology) {
    Fit fit{topology.nrCpus(), {}};
    for (const CgroupSpec& c : spec.cgroups)
        fit.list(c.cpus, "cgroup " + c.path);
    for (const TaskSpec& t : spec.tasks)
        fit.task(t);
    for (const TimelineEntry& e : spec.timeline) {
        fit.list(e.cpus, "the timeline's affinity change at " + formatDuration(e.at));
        if (e.spawn)
            fit.task(*e.spawn);
    }
    if (!fit.problem.empty())
        return fit.problem;
    spec.topology = topology;
    return {};
}

} // namespace core
