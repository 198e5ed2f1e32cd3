// Names that refer to each other: channels used by programs, task patterns of the timeline.
#include "scenario/validator.h"

#include "scenario/patterns.h"

namespace core::validation {

void Validator::collectTaskNames(const TaskSpec& t, bool topLevel) {
    m_taskNames.emplace_back(t.name, topLevel && t.count > 1 ? t.count : 0);
    std::vector<const std::vector<ActionSpec>*> stack{&t.program};
    while (!stack.empty()) {
        const auto* prog = stack.back();
        stack.pop_back();
        for (const ActionSpec& a : *prog) {
            if (a.kind == ActionKind::Loop)
                stack.push_back(&a.body);
            else if (a.kind == ActionKind::Fork)
                collectTaskNames(*a.child, false);
        }
    }
}

bool Validator::patternMatchesSomeTask(const std::string& pattern) {
    for (const auto& [name, count] : m_taskNames) {
        if (count == 0) {
            if (matchPattern(pattern, name))
                return true;
            continue;
        }
        for (uint32_t i = 0; i < count; ++i) {
            if (m_budget == 0)
                return true; // out of budget: do not report what could not be checked
            --m_budget;
            if (matchPattern(pattern, instanceName(name, count, i)))
                return true;
        }
    }
    return false;
}

void Validator::checkProgramReferences(const std::vector<ActionSpec>& prog, uint32_t instances,
                                       const std::string& path) {
    for (size_t i = 0; i < prog.size(); ++i) {
        const ActionSpec& a = prog[i];
        const std::string ap = index(path, i);
        switch (a.kind) {
        case ActionKind::Loop:
            checkProgramReferences(a.body, instances, join(ap, "loop.do"));
            break;
        case ActionKind::Fork:
            checkProgramReferences(a.child->program, instances, join(join(ap, "fork"), "program"));
            break;
        case ActionKind::Send:
        case ActionKind::Recv: {
            const std::string key = a.kind == ActionKind::Send ? "send" : "recv";
            const bool templated = a.name.find("{i}") != std::string::npos;
            const size_t need = templated ? instances : 1;
            size_t& verified = m_checkedPatterns[a.name];
            for (size_t k = verified; k < need; ++k) {
                if (m_budget == 0) {
                    if (!m_budgetReported)
                        error(join(ap, key), "too many channel references to check (more than " +
                                                 std::to_string(kCheckBudget) + " instance x action pairs)");
                    m_budgetReported = true;
                    return;
                }
                --m_budget;
                const std::string name =
                    templated ? expandInstance(a.name, static_cast<uint32_t>(k)) : a.name;
                if (!m_channelNames.count(name)) {
                    error(join(ap, key), "unknown channel " + quoteJson(name) +
                                             (templated ? " (instance " + std::to_string(k) + ")" : ""));
                    verified = need; // one message per reference is enough
                    break;
                }
                verified = k + 1;
            }
            break;
        }
        default:
            break;
        }
    }
}

void Validator::checkTaskReferences(const TaskSpec& t, uint32_t instances, const std::string& path) {
    checkProgramReferences(t.program, instances, join(path, "program"));
}

void Validator::checkReferences(ScenarioSpec& spec) {
    for (size_t i = 0; i < spec.tasks.size(); ++i)
        checkTaskReferences(spec.tasks[i], spec.tasks[i].count, index("tasks", i));
    for (size_t i = 0; i < spec.timeline.size(); ++i)
        if (spec.timeline[i].kind == TimelineEntry::Kind::Spawn)
            checkTaskReferences(*spec.timeline[i].spawn, spec.timeline[i].spawn->count,
                                join(index("timeline", i), "spawn"));

    for (const TaskSpec& t : spec.tasks)
        collectTaskNames(t, true);
    for (const TimelineEntry& e : spec.timeline)
        if (e.kind == TimelineEntry::Kind::Spawn)
            collectTaskNames(*e.spawn, true);
    for (const auto& [path, pattern] : m_patternRefs)
        if (!patternMatchesSomeTask(pattern))
            error(path, "pattern " + quoteJson(pattern) + " matches no task of the scenario");
}

} // namespace core::validation
