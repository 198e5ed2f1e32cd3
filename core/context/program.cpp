#include "context/program.h"

#include "scenario/patterns.h"

namespace core {

namespace {

void compileInto(const std::vector<ActionSpec>& actions, uint32_t instance, NameResolver& r, Program& out) {
    for (const ActionSpec& a : actions) {
        Instr ins;
        ins.kind = a.kind;
        ins.duration = a.duration;
        switch (a.kind) {
        case ActionKind::Send:
        case ActionKind::Recv:
            ins.arg = r.channel(expandInstance(a.name, instance));
            break;
        case ActionKind::Move:
            ins.arg = r.cgroup(a.name).value();
            break;
        case ActionKind::Setsid:
            ins.arg = r.session(a.name);
            break;
        case ActionKind::Nice:
            ins.arg = static_cast<uint32_t>(a.nice + 20);
            break;
        case ActionKind::Policy:
            ins.arg = policyArg(a.policy, a.rtPriority, a.nice, a.keepNice);
            break;
        case ActionKind::Cpus:
            ins.arg = static_cast<uint32_t>(out.masks.size());
            out.masks.push_back(r.cpus(parseCpuList(a.name)));
            break;
        case ActionKind::Fork: {
            auto t = std::make_shared<ForkTemplate>();
            const TaskSpec& c = *a.child;
            t->name = c.name;
            if (c.cgroup)
                t->cgroup = r.cgroup(*c.cgroup);
            if (c.session)
                t->session = r.session(*c.session);
            t->nice = c.nice;
            t->slice = c.slice;
            t->timerSlack = c.timerSlack;
            t->pid = c.pid.value_or(-1);
            t->policy = c.policy;
            t->rtPriority = c.rtPriority;
            if (c.cpus)
                t->affinity = r.cpus(*c.cpus);
            t->start = c.start;
            t->program = compileProgram(c.program, instance, r);
            ins.arg = static_cast<uint32_t>(out.forks.size());
            out.forks.push_back(std::move(t));
            break;
        }
        case ActionKind::Loop: {
            ins.loopCount = a.loopCount;
            const size_t at = out.code.size();
            out.code.push_back(ins);
            compileInto(a.body, instance, r, out);
            out.code[at].end = static_cast<uint32_t>(out.code.size());
            continue;
        }
        default:
            break;
        }
        out.code.push_back(ins);
    }
}

/// What the engine charges to a task for the call `ins` (the interpreter's chargeSyscall and
/// the call's own cost): inside a recorded burst already.
SimTime chargedFor(const Instr& ins, const CostModel& c) {
    switch (ins.kind) {
    case ActionKind::Run:
    case ActionKind::Loop:
        return {};
    case ActionKind::Send:
    case ActionKind::Recv: // import-trace's channels are pipes
        return c[CostOp::Syscall] + c[CostOp::PipeTransfer];
    case ActionKind::Fork:
        return c[CostOp::Syscall] + c[CostOp::Fork];
    case ActionKind::Exit:
        return c[CostOp::Exit];
    default:
        return c[CostOp::Syscall];
    }
}

/// kernel.recorded_bursts: each fixed run followed by a call gives up that call's cost; the last
/// run of the program gives up the exit's. Where the run is shorter than the cost, it gives up
/// all it has and the call keeps the rest as its rebate, not charged: the recorded run held the
/// call's work, so the call took no longer. For the straight programs import-trace writes (a run
/// closing a loop body would give up the cost of what follows the loop).
void deductRecordedCosts(Program& p, const CostModel& c) {
    for (size_t i = 0; i < p.code.size(); ++i) {
        Instr& run = p.code[i];
        if (run.kind != ActionKind::Run || run.duration.kind != DurationDist::Kind::Fixed)
            continue;
        const bool last = i + 1 == p.code.size();
        Instr exitAtEnd;
        exitAtEnd.kind = ActionKind::Exit;
        const SimTime cost = chargedFor(last ? exitAtEnd : p.code[i + 1], c);
        const SimTime given = std::min(run.duration.a, cost);
        run.duration.a -= given;
        (last ? p.exitRebate : p.code[i + 1].rebate) = cost - given;
    }
}

} // namespace

uint32_t policyArg(SchedPolicy policy, uint8_t rtPriority, int nice, bool keepNice) {
    return static_cast<uint32_t>(policy) | uint32_t{rtPriority} << 8 |
           (keepNice ? 0xffu : static_cast<uint32_t>(nice + 20)) << 16;
}

PolicyArg policyOfArg(uint32_t arg) {
    PolicyArg p{static_cast<SchedPolicy>(arg & 0xff), static_cast<uint8_t>(arg >> 8 & 0xff), std::nullopt};
    if ((arg >> 16 & 0xff) != 0xff)
        p.nice = static_cast<int>(arg >> 16 & 0xff) - 20;
    return p;
}

std::shared_ptr<const Program> compileProgram(const std::vector<ActionSpec>& actions, uint32_t instance,
                                              NameResolver& resolver) {
    auto p = std::make_shared<Program>();
    p->code.reserve(actions.size()); // at least one instruction per action; exactly, without loops
    compileInto(actions, instance, resolver, *p);
    if (const CostModel* costs = resolver.recordedBurstCosts())
        deductRecordedCosts(*p, *costs);
    return p;
}

bool programUsesInstance(const std::vector<ActionSpec>& actions) {
    for (const ActionSpec& a : actions) {
        if ((a.kind == ActionKind::Send || a.kind == ActionKind::Recv) &&
            a.name.find("{i}") != std::string::npos)
            return true;
        if (a.kind == ActionKind::Loop && programUsesInstance(a.body))
            return true;
        if (a.kind == ActionKind::Fork && programUsesInstance(a.child->program))
            return true;
    }
    return false;
}

const Instr* ProgramCursor::current(const Program& prog, bool& spun) {
    spun = false;
    // Bound the work of walking empty or zero-count loops in one call.
    for (int guard = 0; guard < 4096; ++guard) {
        if (!m_frames.empty()) {
            Frame& f = m_frames.back();
            const Instr& loop = prog.code[f.loopPc];
            if (m_pc == loop.end) {
                if (f.remaining < 0 || --f.remaining > 0) {
                    m_pc = f.loopPc + 1;
                } else {
                    m_frames.pop_back();
                }
                continue;
            }
        }
        if (m_pc >= prog.code.size())
            return nullptr;
        const Instr& ins = prog.code[m_pc];
        if (ins.kind != ActionKind::Loop)
            return &ins;
        if (ins.loopCount == 0) {
            m_pc = ins.end;
        } else {
            m_frames.push_back({m_pc, ins.loopCount});
            ++m_pc;
        }
    }
    spun = true;
    return nullptr;
}

} // namespace core
