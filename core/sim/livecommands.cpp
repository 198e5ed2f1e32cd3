// The engine's live commands (the GUI's switches, moves, weights, limits, spawns and kills) and
// the timeline entries they become. Each command is refused or committed the same way: it first
// processes every event already due at the present time and refuses if the run has ended
// (`refusal`), checks its own arguments, then logs itself as a timeline entry at the present time
// and applies it (`commit`), so a saved session replays it at the same point in the event order.
#include "sim/engine.h"

#include "base/cgrouprules.h"
#include "scenario/patterns.h"

namespace core {

namespace {

std::string onOff(bool on) {
    return on ? "on" : "off";
}

CommandResult refused(std::string why) {
    return {false, std::move(why), 0};
}

} // namespace

void Engine::settle() {
    // A live command applies after every event at the present time, as a timeline entry at
    // that time does (EventQueue::postLast): the saved session then replays exactly.
    SimTime next;
    while (!m_finished && m_ctx.queue.peek(next) && next <= m_ctx.now)
        step();
}

std::optional<CommandResult> Engine::refusal() {
    settle();
    if (m_finished)
        return refused("the run has ended");
    return std::nullopt;
}

CommandResult Engine::commit(TimelineEntry e, std::string message, size_t affected) {
    // Logged before it applies: applying may end the run (the last task killed).
    e.at = m_ctx.now;
    m_commandLog.push_back(e);
    applyTimeline(e);
    return {true, std::move(message), affected};
}

std::vector<Task*> Engine::liveTasksMatching(const std::string& pattern) {
    std::vector<Task*> matches;
    m_tasks.forEach([&](const Task& t) {
        if (t.state != TaskState::Dead && matchPattern(pattern, t.name))
            matches.push_back(const_cast<Task*>(&t));
    });
    return matches;
}

void Engine::applyTimeline(const TimelineEntry& e) {
    std::string marker;
    switch (e.kind) {
    case TimelineEntry::Kind::Optimizations:
        for (auto [o, on] : e.optimizations) {
            m_ctx.optimizations.set(o, on);
            if (m_ctx.trace)
                m_ctx.trace->marker({m_ctx.now, std::string(optimizationInfo(o).key) + " " + onOff(on)});
        }
        break;
    case TimelineEntry::Kind::Move: {
        const CgroupId to = m_cgroups.find(e.cgroupPath);
        for (Task* t : liveTasksMatching(e.taskPattern)) {
            if (t->state == TaskState::New) {
                m_cgroups.at(t->cgroup).nrTasks--;
                t->cgroup = to;
                m_cgroups.at(to).nrTasks++;
                t->tg = &m_sched.effectiveGroup(*t, false);
                m_sched.recomputeAllowed(*t);
            } else {
                m_sched.moveTask(*t, to);
            }
        }
        marker = "move " + e.taskPattern + " to " + e.cgroupPath;
        break;
    }
    case TimelineEntry::Kind::CgroupWeight:
        m_cgroups.setWeight(m_cgroups.find(e.cgroupPath), e.weight);
        marker = e.cgroupPath + " weight " + std::to_string(e.weight);
        break;
    case TimelineEntry::Kind::CgroupMax:
        m_sched.setCpuMax(*m_cgroups.at(m_cgroups.find(e.cgroupPath)).tg, e.max);
        marker = e.cgroupPath + " cpu.max " + e.max.fileText() +
                 (e.max.burst > SimTime() ? " burst " + formatDuration(e.max.burst) : "");
        break;
    case TimelineEntry::Kind::Spawn:
        createTasks(*e.spawn, m_ctx.now);
        break;
    case TimelineEntry::Kind::Affinity: {
        const auto mask = cpus(*e.cpus);
        for (Task* t : liveTasksMatching(e.taskPattern))
            m_sched.setAffinity(*t, mask);
        marker = "affinity " + e.taskPattern + " " + e.cpus->toString();
        break;
    }
    case TimelineEntry::Kind::Kill: {
        // Killing one task can wake its parent; collect first, then kill by id.
        std::vector<std::pair<uint32_t, TaskId>> ids;
        for (Task* t : liveTasksMatching(e.taskPattern))
            ids.emplace_back(t->slot, t->id);
        for (auto [slot, id] : ids)
            if (Task* t = m_tasks.get(slot, id))
                killTask(*t);
        marker = "kill " + e.taskPattern;
        break;
    }
    }
    if (m_ctx.trace && !marker.empty())
        m_ctx.trace->marker({m_ctx.now, std::move(marker)});
    if (m_tasks.liveCount() == 0 && m_pendingLaunches == 0)
        finish();
}

CommandResult Engine::setOptimization(Optimization o, bool on) {
    if (auto no = refusal())
        return *no;
    if (const OptimizationApplicability a = optimizationApplicability(o, m_ctx.model);
        !a.togglable && a.fixedOn != on)
        return refused(std::string(optimizationInfo(o).key) + " cannot be turned " + onOff(on) +
                       " in kernel model " + std::string(kernelModelInfo(m_ctx.model).name) + ": " +
                       std::string(a.reason));
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::Optimizations;
    e.optimizations[o] = on;
    std::string msg = std::string(optimizationInfo(o).key) + " " + onOff(on);
    if (!optimizationSimulated(o))
        msg += " (recorded; the mechanism it changes is not simulated yet, so it has no effect)";
    return commit(std::move(e), std::move(msg), 1);
}

CommandResult Engine::moveTasks(const std::string& pattern, const std::string& cgroupPath) {
    if (auto no = refusal())
        return *no;
    if (!m_cgroups.find(cgroupPath).valid())
        return refused("no cgroup " + cgroupPath);
    const size_t n = liveTasksMatching(pattern).size();
    if (n == 0)
        return refused("no live task matches " + pattern);
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::Move;
    e.taskPattern = pattern;
    e.cgroupPath = cgroupPath;
    return commit(std::move(e), "moved " + std::to_string(n) + " task(s) to " + cgroupPath, n);
}

CommandResult Engine::moveTask(TaskId id, const std::string& cgroupPath) {
    const Task* t = findTask(id);
    if (!t)
        return refused("no live task with id " + std::to_string(id.value()));
    // Logged by name so the saved scenario can replay it; names made unique by the scenario
    // replay exactly, repeated fork names move every task of that name.
    return moveTasks(t->name, cgroupPath);
}

std::optional<CommandResult> Engine::cgroupSettingRefused(const std::string& cgroupPath,
                                                          const char* setting) {
    if (auto no = refusal())
        return no;
    const CgroupId id = m_cgroups.find(cgroupPath);
    if (!id.valid())
        return refused("no cgroup " + cgroupPath);
    if (id.value() == 0)
        return refused(std::string("the root cgroup has no ") + setting);
    return std::nullopt;
}

CommandResult Engine::setCgroupMax(const std::string& cgroupPath, const CpuMax& max) {
    if (auto no = cgroupSettingRefused(cgroupPath, "cpu.max"))
        return *no;
    if (!m_cgroups.at(m_cgroups.find(cgroupPath)).tg->parent)
        return refused("cpu.max needs group scheduling, which this scenario turns off");
    if (const std::string problem = cpuMaxProblem(max); !problem.empty())
        return refused(problem);
    if (max.burst > SimTime() && !kernelModelInfo(m_ctx.model).bandwidthBurst)
        return refused("cpu.max.burst came with v5.14; kernel model " +
                       std::string(kernelModelInfo(m_ctx.model).name) + " has none");
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::CgroupMax;
    e.cgroupPath = cgroupPath;
    e.max = max;
    return commit(std::move(e), cgroupPath + " cpu.max " + max.fileText(), 1);
}

CommandResult Engine::setCgroupWeight(const std::string& cgroupPath, uint32_t weight) {
    if (auto no = cgroupSettingRefused(cgroupPath, "weight"))
        return *no;
    if (weight < kMinCgroupWeight || weight > kMaxCgroupWeight)
        return refused("weight must be " + std::to_string(kMinCgroupWeight) + ".." +
                       std::to_string(kMaxCgroupWeight));
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::CgroupWeight;
    e.cgroupPath = cgroupPath;
    e.weight = weight;
    return commit(std::move(e), cgroupPath + " weight " + std::to_string(weight), 1);
}

bool Engine::resolveChannels(const std::vector<ActionSpec>& prog, uint32_t instances,
                             std::string& missing) const {
    for (const ActionSpec& a : prog) {
        if (a.kind == ActionKind::Send || a.kind == ActionKind::Recv) {
            const uint32_t n = a.name.find("{i}") != std::string::npos ? instances : 1;
            for (uint32_t i = 0; i < n; ++i) {
                const std::string name = expandInstance(a.name, i);
                if (!m_channelByName.count(name)) {
                    missing = "unknown channel " + name;
                    return false;
                }
            }
        } else if (a.kind == ActionKind::Loop && !resolveChannels(a.body, instances, missing)) {
            return false;
        } else if (a.kind == ActionKind::Fork && !resolveChannels(a.child->program, instances, missing)) {
            return false;
        }
    }
    return true;
}

CommandResult Engine::spawn(std::shared_ptr<const TaskSpec> task) {
    if (auto no = refusal())
        return *no;
    std::string problem;
    if (!resolveChannels(task->program, task->count, problem))
        return refused(problem);
    if (task->cgroup && !m_cgroups.find(*task->cgroup).valid())
        return refused("no cgroup " + *task->cgroup);
    m_spawned.push_back(task);
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::Spawn;
    e.spawn = task;
    return commit(std::move(e), "spawned " + std::to_string(task->count) + " x " + task->name, task->count);
}

CommandResult Engine::kill(const std::string& pattern) {
    if (auto no = refusal())
        return *no;
    const size_t n = liveTasksMatching(pattern).size();
    if (n == 0)
        return refused("no live task matches " + pattern);
    TimelineEntry e;
    e.kind = TimelineEntry::Kind::Kill;
    e.taskPattern = pattern;
    return commit(std::move(e), "killed " + std::to_string(n) + " task(s)", n);
}

} // namespace core
