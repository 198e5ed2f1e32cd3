#include "sim/interpreter.h"

#include "sched/task.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {
/// Actions run back to back at the same instant before the interpreter lets 1 ns pass; only
/// reached when costs are overridden to zero (keeps a zero-cost endless loop from hanging).
constexpr int kMaxInlineActions = 256;
} // namespace

Interpreter::Interpreter(SimContext& ctx, Machine& machine, Scheduler& sched, const TaskTable& tasks,
                         std::vector<Channel>& channels, TaskSpawner& spawner)
    : m_ctx(ctx)
    , m_machine(machine)
    , m_sched(sched)
    , m_tasks(tasks)
    , m_channels(channels)
    , m_spawner(spawner)
    , m_hrtimers(ctx.queue) {}

SimTime Interpreter::draw(const DurationDist& d) {
    switch (d.kind) {
    case DurationDist::Kind::Fixed:
        return d.a;
    case DurationDist::Kind::Uniform:
        return SimTime::ns(m_ctx.rng.uniformInt(d.a.count(), d.b.count()));
    case DurationDist::Kind::Exp: {
        const double u = m_ctx.rng.uniform01();
        const double v = -std::log1p(-u) * static_cast<double>(d.a.count());
        const double cap = static_cast<double>(SimTime::scenarioMax().count());
        return SimTime::ns(static_cast<int64_t>(std::min(v, cap)));
    }
    }
    return d.a;
}

void Interpreter::resume(Rq& rq) {
    Task* t = rq.curr;
    if (!t)
        return;
    // Classify the CPU's time up to now (this is what completes a run action). update_curr
    // itself happens where the kernel calls it: charging its cost here would push the start of
    // every action behind its own bookkeeping.
    m_machine.advance(rq);
    if (t->coldRemaining.count() > 0 || t->runRemaining.count() > 0 || rq.cursor > m_ctx.now) {
        m_sched.armResume(rq);
        return;
    }
    run(*t, rq);
}

void Interpreter::armSleepTimer(Task& t, const Rq& rq, SimTime soft) {
    // The timer goes on this CPU's queue with the task's slack (hrtimer_nanosleep: none for an
    // RT task). Its interrupt gets to the CPU some microseconds after the hard expiry on a VM,
    // where the host injects it (timer_delivery, 0 by default).
    const SimTime hard = soft + (t.rt() ? SimTime() : t.timerSlack);
    t.timerExpiry = soft;
    const SimTime at = hard + m_ctx.costs[CostOp::TimerDelivery];
    t.timer = m_ctx.queue.push(at, Event{static_cast<uint32_t>(EventKind::TaskTimer), t.slot, t.id.value()});
    t.hrtimerCpu = static_cast<int32_t>(rq.cpu);
    m_hrtimers.arm(rq.cpu, soft, hard, t.slot, t.id.value(), t.timer);
}

void Interpreter::timerExpired(Task& t) {
    const int32_t cpu = t.hrtimerCpu;
    t.timer = {};
    t.hrtimerCpu = -1;
    if (t.state != TaskState::Dead && !t.runnable()) {
        t.timerWoke = true;
        m_sched.tryToWakeUp(t, m_machine.rq(cpu >= 0 ? static_cast<uint32_t>(cpu) : t.cpu.value()), nullptr,
                            false);
    }
    if (cpu >= 0) // the interrupt of a sleep's timer runs the other timers due on its CPU
        hrtimerInterrupt(static_cast<uint32_t>(cpu));
}

void Interpreter::hrtimerInterrupt(uint32_t cpu) {
    m_hrtimers.interrupt(cpu, m_ctx.now, [&](uint32_t slot, uint32_t id) {
        Task* t = m_tasks.get(slot, TaskId(id));
        if (!t)
            return;
        t->timer = {};
        t->hrtimerCpu = -1;
        if (t->state != TaskState::Dead && !t->runnable()) {
            t->timerWoke = true;
            m_sched.tryToWakeUp(*t, m_machine.rq(cpu), nullptr, false);
        }
    });
}

void Interpreter::detachBlocked(Task& t) {
    if (t.block != BlockReason::ChannelRecv && t.block != BlockReason::ChannelSend)
        return;
    Channel& ch = m_channels[t.blockChannel];
    auto& q = t.block == BlockReason::ChannelRecv ? ch.readers : ch.writers;
    q.remove(&t);
}

bool Interpreter::transfer(Task& t, Rq& rq, const Instr& ins) {
    Channel& ch = m_channels[ins.arg];
    const bool send = ins.kind == ActionKind::Send;
    if (send ? ch.count >= ch.capacity : ch.count == 0) {
        (send ? ch.writers : ch.readers).push_back(&t);
        t.blockChannel = ins.arg;
        m_sched.blockCurrent(rq, TaskState::Sleeping,
                             send ? BlockReason::ChannelSend : BlockReason::ChannelRecv);
        return false;
    }
    if (send) {
        ++ch.count;
        ++ch.sent;
    } else {
        --ch.count;
        ++ch.received;
    }
    chargeAfterSyscall(rq, ch.kind == ChannelKind::Pipe ? CostOp::PipeTransfer : CostOp::SocketTransfer,
                       ins.rebate);
    t.actionActive = false;
    t.cursor.advance();
    auto& partners = send ? ch.readers : ch.writers;
    if (ch.kind == ChannelKind::Pipe) {
        // A pipe transfer wakes one blocked partner: a reader after a send, a writer after a
        // receive.
        if (!partners.empty()) {
            Task* p = partners.front();
            partners.pop_front();
            m_sched.tryToWakeUp(*p, rq, &t, true);
        }
        return true;
    }
    // An AF_UNIX stream socket: a write wakes every blocked reader (sock_def_readable); a read
    // wakes the blocked writers only once the queue holds a quarter of the buffer or less
    // (unix_writable: sk_wmem_alloc << 2 <= sk_sndbuf), and then all of them (unix_write_space).
    if (!send && uint64_t{ch.count} * 4 > ch.capacity)
        return true;
    while (!partners.empty()) {
        Task* p = partners.front();
        partners.pop_front();
        m_sched.tryToWakeUp(*p, rq, &t, true);
    }
    return true;
}

bool Interpreter::waitChildren(Task& t, Rq& rq) {
    if (t.liveChildren > 0) {
        m_sched.blockCurrent(rq, TaskState::Sleeping, BlockReason::Children);
        return false;
    }
    t.actionActive = false;
    t.cursor.advance();
    return true;
}

void Interpreter::setScheduling(Task& t, const Instr& ins) {
    switch (ins.kind) {
    case ActionKind::Nice:
        m_sched.setNice(t, static_cast<int>(ins.arg) - 20);
        break;
    case ActionKind::Policy: {
        const PolicyArg p = policyOfArg(ins.arg);
        m_sched.setScheduler(t, p.policy, p.rtPriority, p.nice.value_or(t.nice));
        break;
    }
    default: // ActionKind::Cpus
        m_sched.setAffinity(t, t.program->masks[ins.arg]);
        break;
    }
}

bool Interpreter::handedOff(const Task& t, const Rq& rq) const {
    // Preempted by a wakeup, moved away, or the scheduler already arranged its continuation.
    return rq.curr != &t || rq.resumeArmed;
}

void Interpreter::run(Task& t, Rq& rq) {
    const Program& prog = *t.program;
    for (int steps = 0;; ++steps) {
        if (steps >= kMaxInlineActions) {
            t.runRemaining = SimTime::ns(1);
            m_sched.armResume(rq);
            return;
        }
        if (t.actionActive) {
            // Finish the action that was running, blocked or preempted.
            const Instr& ins = prog.code[t.cursor.pc()];
            switch (ins.kind) {
            case ActionKind::Send:
            case ActionKind::Recv:
                if (!transfer(t, rq, ins))
                    return;
                break;
            case ActionKind::Wait:
                if (!waitChildren(t, rq))
                    return;
                break;
            case ActionKind::Io:
                t.inIowait = false;
                t.actionActive = false;
                t.cursor.advance();
                break;
            case ActionKind::Memstall:
                m_sched.psi().memstallLeave(rq, t);
                t.actionActive = false;
                t.cursor.advance();
                break;
            default: // run, sleep: nothing left to do
                t.actionActive = false;
                t.cursor.advance();
                break;
            }
            if (handedOff(t, rq))
                return;
            if (rq.cursor > m_ctx.now) {
                m_sched.armResume(rq);
                return;
            }
            continue;
        }

        bool spun = false;
        const Instr* ins = t.cursor.current(prog, spun);
        if (spun) {
            t.runRemaining = SimTime::ns(1);
            m_sched.armResume(rq);
            return;
        }
        if (!ins) {
            m_sched.exitTask(t, prog.exitRebate);
            return;
        }
        switch (ins->kind) {
        case ActionKind::Run: {
            SimTime d = draw(ins->duration);
            if (t.burstCredit.count() > 0) { // kernel.recorded_bursts "all": work charged before
                const SimTime taken = std::min(d, t.burstCredit);
                d -= taken;
                t.burstCredit -= taken;
            }
            t.actionActive = true;
            t.runRemaining = d;
            if (d.count() > 0) {
                m_sched.armResume(rq);
                return;
            }
            continue; // zero-length run completes at once
        }
        case ActionKind::Sleep:
        case ActionKind::Io:
        case ActionKind::Memstall: {
            chargeSyscall(rq, ins->rebate);
            const SimTime d = draw(ins->duration);
            t.actionActive = true;
            if (ins->kind == ActionKind::Io)
                t.inIowait = true; // io_schedule
            else if (ins->kind == ActionKind::Memstall)
                m_sched.psi().memstallEnter(rq, t);
            const TaskState s = ins->kind == ActionKind::Sleep ? TaskState::Sleeping
                                : ins->kind == ActionKind::Io  ? TaskState::IoWait
                                                               : TaskState::MemStall;
            const SimTime at = std::max(m_ctx.now, rq.cursor) + d;
            if (ins->kind == ActionKind::Sleep)
                armSleepTimer(t, rq, at);
            else
                t.timer = m_ctx.queue.push(
                    at, Event{static_cast<uint32_t>(EventKind::TaskTimer), t.slot, t.id.value()});
            m_sched.blockCurrent(rq, s, BlockReason::Timer);
            return;
        }
        case ActionKind::Send:
        case ActionKind::Recv:
            chargeSyscall(rq, ins->rebate);
            t.actionActive = true;
            if (!transfer(t, rq, *ins))
                return;
            break;
        case ActionKind::Fork:
            chargeSyscall(rq, ins->rebate);
            chargeAfterSyscall(rq, CostOp::Fork, ins->rebate);
            t.cursor.advance();
            m_spawner.fork(t, *prog.forks[ins->arg]);
            break;
        case ActionKind::Wait:
            chargeSyscall(rq, ins->rebate);
            t.actionActive = true;
            if (!waitChildren(t, rq))
                return;
            break;
        case ActionKind::Move:
            chargeSyscall(rq, ins->rebate);
            t.cursor.advance();
            m_sched.moveTask(t, CgroupId(ins->arg));
            break;
        case ActionKind::Setsid:
            chargeSyscall(rq, ins->rebate);
            t.cursor.advance();
            t.session = ins->arg;
            m_sched.schedMoveTask(t, false); // sched_autogroup_create_attach
            break;
        case ActionKind::Yield:
            chargeSyscall(rq, ins->rebate);
            t.cursor.advance();
            m_sched.yieldCurrent(rq);
            break;
        case ActionKind::Nice:
        case ActionKind::Policy:
        case ActionKind::Cpus:
            chargeSyscall(rq, ins->rebate);
            t.cursor.advance();
            setScheduling(t, *ins);
            break;
        case ActionKind::Exit:
            m_sched.exitTask(t, ins->rebate);
            return;
        case ActionKind::Loop:
            break; // the cursor never stops on a loop
        }
        if (handedOff(t, rq))
            return;
        if (rq.cursor > m_ctx.now) {
            m_sched.armResume(rq);
            return;
        }
    }
}

} // namespace core
