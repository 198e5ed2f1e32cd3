#pragma once

#include "sched/runqueue.h"
#include "sched/task.h"

namespace core {

/// The runqueue's cfs_tasks list: every CFS task queued on the CPU, the most recently enqueued
/// or picked first; the load balancer walks it from the head and moves skipped tasks to the
/// tail. Intrusive, so no allocation.
namespace cfstasks {

inline void remove(Rq& rq, Task& t) {
    (t.lbPrev ? t.lbPrev->lbNext : rq.cfsTasksHead) = t.lbNext;
    (t.lbNext ? t.lbNext->lbPrev : rq.cfsTasksTail) = t.lbPrev;
    t.lbPrev = t.lbNext = nullptr;
}

inline void addHead(Rq& rq, Task& t) {
    t.lbPrev = nullptr;
    t.lbNext = rq.cfsTasksHead;
    (rq.cfsTasksHead ? rq.cfsTasksHead->lbPrev : rq.cfsTasksTail) = &t;
    rq.cfsTasksHead = &t;
}

inline void addTail(Rq& rq, Task& t) {
    t.lbNext = nullptr;
    t.lbPrev = rq.cfsTasksTail;
    (rq.cfsTasksTail ? rq.cfsTasksTail->lbNext : rq.cfsTasksHead) = &t;
    rq.cfsTasksTail = &t;
}

inline void moveHead(Rq& rq, Task& t) {
    if (rq.cfsTasksHead == &t)
        return;
    remove(rq, t);
    addHead(rq, t);
}

inline void moveTail(Rq& rq, Task& t) {
    if (rq.cfsTasksTail == &t)
        return;
    remove(rq, t);
    addTail(rq, t);
}

} // namespace cfstasks
} // namespace core
