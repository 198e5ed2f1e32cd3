#include "import/workloadrecorder.h"

#include <algorithm>

namespace core {

int kernelPrio(const TaskAttributes& a) {
    return rtPolicy(a.policy) ? 99 - a.rtPriority : 120 + a.nice;
}

void attributesOfPrio(int prio, TaskAttributes& a) {
    if (prio >= 0 && prio < 99) {
        if (!rtPolicy(a.policy))
            a.policy = SchedPolicy::Fifo; // SCHED_RR looks the same in a trace
        a.rtPriority = static_cast<uint8_t>(99 - prio);
    } else if (prio >= 100 && prio <= 139) {
        if (rtPolicy(a.policy))
            a.policy = SchedPolicy::Other;
        a.rtPriority = 0;
        a.nice = prio - 120;
    }
}

bool sameScheduling(const TaskAttributes& a, const TaskAttributes& b) {
    return a.policy == b.policy && a.cpus == b.cpus &&
           (rtPolicy(a.policy) ? a.rtPriority == b.rtPriority : a.nice == b.nice);
}

RecordedTask& WorkloadRecorder::at(int32_t task) {
    if (static_cast<size_t>(task) >= m_tasks.size())
        m_tasks.resize(static_cast<size_t>(task) + 1);
    return m_tasks[static_cast<size_t>(task)];
}

void WorkloadRecorder::alive(RecordedTask& r, int64_t t) {
    if (r.start < 0)
        r.start = t;
    if (r.state == RecordedTask::State::Unknown)
        r.state = RecordedTask::State::Alive;
}

void WorkloadRecorder::flush(RecordedTask& r, int64_t t) {
    if (r.burst <= 0)
        return;
    RecordedStep s;
    s.kind = RecordedStep::Kind::Run;
    s.ns = r.burst;
    s.at = t - r.burst;
    r.steps.push_back(s);
    r.burst = 0;
}

void WorkloadRecorder::cut(RecordedTask& r, int64_t since, int64_t t) {
    if (since >= 0 && t > since) {
        r.burst += t - std::max(since, r.cutAt);
        r.cutAt = t;
    }
    flush(r, t);
}

void WorkloadRecorder::taskSeen(int32_t task, int64_t t) {
    at(task).seen = t;
}

void WorkloadRecorder::ran(int32_t task, int64_t from, int64_t to) {
    RecordedTask& r = at(task);
    alive(r, from);
    const int64_t begin = std::max(from, r.cutAt);
    if (to > begin)
        r.burst += to - begin;
    r.cutAt = std::max(r.cutAt, to);
}

void WorkloadRecorder::switchedOut(int32_t task, int64_t t, char state) {
    RecordedTask& r = at(task);
    alive(r, t);
    if (state == 'R') { // preempted: the burst goes on when it runs again
        r.preemptedAt = t;
        return;
    }
    flush(r, t);
    // It blocks (or ends) while wakers it preempted still wait for the CPU: they ran again after
    // this point (docs/record-replay.md, "A preempted waker").
    for (const int32_t waker : r.holding) {
        r.steps.push_back({RecordedStep::Kind::Release, 0, false, false, waker, 0, t});
        at(waker).released = true;
    }
    r.holding.clear();
    if (state == 'Z' || state == 'X') {
        r.ended = true;
        r.end = t;
        return;
    }
    r.state = RecordedTask::State::Sleeping;
    r.sleepSince = t;
    r.sleepState = state;
}

void WorkloadRecorder::switchedTo(int32_t prev, int32_t next, int64_t t) {
    if (prev >= 0 && next >= 0) {
        RecordedTask& p = at(prev);
        // The task it has just woken preempted it.
        if (p.preemptedAt == t && p.lastWoke == next && p.heldBy < 0) {
            p.heldBy = next;
            p.released = false;
            at(next).holding.push_back(prev);
        }
    }
    if (next < 0)
        return;
    RecordedTask& n = at(next);
    n.lastWoke = -1;
    if (n.heldBy < 0)
        return;
    RecordedTask& h = at(n.heldBy);
    if (n.released) {
        flush(n, t);
        n.steps.push_back({RecordedStep::Kind::Held, 0, false, false, n.heldBy, 0, t});
    } else {
        // It ran again before its wakee blocked: no order to keep.
        h.holding.erase(std::remove(h.holding.begin(), h.holding.end(), next), h.holding.end());
    }
    n.heldBy = -1;
    n.released = false;
}

void WorkloadRecorder::woken(int32_t task, int64_t t, int32_t waker, int64_t wakerSince, bool irq) {
    RecordedTask& r = at(task);
    if (r.state != RecordedTask::State::Sleeping) {
        // Asleep since before the trace began (or since lost events): it starts here.
        alive(r, t);
        return;
    }
    RecordedStep s;
    s.kind = RecordedStep::Kind::Wait;
    s.state = r.sleepState;
    s.irq = irq;
    s.partner = waker;
    s.ns = t - r.sleepSince;
    s.at = r.sleepSince;
    r.steps.push_back(s);
    r.state = RecordedTask::State::Alive;
    if (waker >= 0 && !irq) {
        RecordedTask& w = at(waker);
        alive(w, wakerSince >= 0 ? wakerSince : t);
        cut(w, wakerSince, t);
        RecordedStep signal{RecordedStep::Kind::Signal, 0, false, false, task, 0, t};
        if (w.call == DataCall::Write && r.call == DataCall::Read) {
            // A write woke a read: the two file descriptors are the ends of one pipe or socket.
            r.steps.back().data = signal.data = true;
            signal.ns = r.callFd;
            ++m_links[{waker, w.callFd, task, r.callFd}];
        }
        w.steps.push_back(signal);
        w.lastWoke = task;
    }
    if (r.call == DataCall::Read)
        r.steps[r.callStep].at = t; // it got its data after this wakeup (at the latest)
}

void WorkloadRecorder::callEntered(int32_t task, int64_t t, int64_t runningSince, DataCall call, int32_t fd,
                                   int32_t group) {
    RecordedTask& r = at(task);
    if (group >= 0)
        r.group = group;
    alive(r, runningSince >= 0 ? runningSince : t);
    cut(r, runningSince, t);
    RecordedStep s;
    s.kind = call == DataCall::Read ? RecordedStep::Kind::Read : RecordedStep::Kind::Write;
    s.partner = fd;
    s.ns = -1;
    s.at = t;
    r.call = call;
    r.callFd = fd;
    r.callStep = r.steps.size();
    r.steps.push_back(s);
}

void WorkloadRecorder::callReturned(int32_t task, int64_t, int64_t, DataCall call, int32_t ret) {
    RecordedTask& r = at(task);
    if (r.call == call && r.callStep < r.steps.size())
        r.steps[r.callStep].ns = ret >= 0 ? ret : int64_t{ret} - 1;
    r.call = DataCall::None;
}

void WorkloadRecorder::forked(int32_t parent, int64_t parentSince, int32_t child, int64_t t) {
    RecordedTask& p = at(parent);
    alive(p, parentSince >= 0 ? parentSince : t);
    cut(p, parentSince, t);
    p.steps.push_back({RecordedStep::Kind::Fork, 0, false, false, child, 0, t});
    RecordedTask& c = at(child);
    c.parent = parent;
    c.cgroup = c.cgroupNow = p.cgroupNow;
    if (c.prio < 0)
        c.prio = p.prio;
    // fork copies the policy, priority, affinity and timer slack.
    if (!c.now && p.now) {
        c.initial = c.now = p.now;
        c.prioNow = p.prioNow;
    } else if (c.prioNow < 0) {
        c.prioNow = p.prioNow;
    }
    alive(c, t);
}

void WorkloadRecorder::change(RecordedTask& r, int64_t since, int64_t t, const TaskAttributes& a,
                              bool inferred) {
    if (since >= 0)
        cut(r, since, t);
    else
        flush(r, t);
    RecordedStep s;
    s.kind = RecordedStep::Kind::Attributes;
    s.partner = static_cast<int32_t>(m_attributes.size());
    s.at = t;
    m_attributes.push_back(a);
    r.steps.push_back(s);
    r.now = a;
    r.prioNow = kernelPrio(a);
    if (inferred && r.inferredChanges++ == 0)
        r.firstInferred = t;
}

void WorkloadRecorder::priority(int32_t task, int prio, int64_t t) {
    RecordedTask& r = at(task);
    if (r.prio < 0)
        r.prio = prio;
    if (prio < 0 || prio > 139 || prio == r.prioNow)
        return;
    if (r.prioNow < 0 || (r.start < 0 && r.steps.empty() && r.burst == 0)) {
        // Before it did anything: its priority from the start.
        r.prioNow = prio;
        if (r.now) {
            attributesOfPrio(prio, *r.now);
            r.initial = r.now;
        }
        return;
    }
    // A change the recording shows only by the priority it reports from here on (a trace file,
    // or one nothing in a `record` folder announced: priority inheritance, say). It happened
    // before `t`, while the task was off the CPU: it takes effect where its program is now.
    TaskAttributes a = r.now.value_or(TaskAttributes{});
    if (!r.now)
        attributesOfPrio(r.prioNow, a);
    attributesOfPrio(prio, a);
    change(r, -1, t, a, true);
}

void WorkloadRecorder::attributes(int32_t task, int64_t t, int64_t runningSince, const TaskAttributes& a) {
    RecordedTask& r = at(task);
    if (t <= 0 || (r.start < 0 && r.steps.empty() && r.burst == 0)) {
        // Its attributes from the start (read when the recording began, or changed before it
        // was first seen).
        r.initial = a;
        r.now = a;
        r.prioNow = kernelPrio(a);
        return;
    }
    if (r.now && sameScheduling(*r.now, a))
        return;
    change(r, runningSince, t, a, false);
}

void WorkloadRecorder::attached(int32_t task, uint32_t cgroup, int64_t t) {
    RecordedTask& r = at(task);
    r.cgroupNow = cgroup;
    if (r.start < 0 && r.steps.empty()) {
        r.cgroup = cgroup;
        return;
    }
    flush(r, t);
    r.steps.push_back({RecordedStep::Kind::Move, 0, false, false, static_cast<int32_t>(cgroup), 0, t});
}

void WorkloadRecorder::lost(int32_t cpu, int64_t t) {
    m_losses.emplace_back(t, cpu);
    // A call whose exit may be among the lost events ends here: its bytes stay unknown (-1), so
    // no later wakeup is taken for one inside it.
    for (RecordedTask& r : m_tasks)
        r.call = DataCall::None;
}

void WorkloadRecorder::finish(int64_t t) {
    for (RecordedTask& r : m_tasks) {
        if (r.ended)
            continue;
        flush(r, t);
        if (r.state == RecordedTask::State::Sleeping && t > r.sleepSince) {
            RecordedStep s;
            s.kind = RecordedStep::Kind::Wait;
            s.state = r.sleepState;
            s.irq = true; // no waker recorded: a timed sleep to the end
            s.ns = t - r.sleepSince;
            s.at = r.sleepSince;
            r.steps.push_back(s);
        }
    }
}

} // namespace core
