#pragma once

#include "base/trace.h"

#include <cstdint>

namespace core {

struct Rq;
struct Task;

/// What the balancer and the RT class need from the scheduler to move a task: detach and attach a queued
/// task, or have the stopper push a running one. The scheduler implements it; the balancer gets it at
/// construction.
class TaskMover {
public:
    virtual void migrateQueued(Task& p, uint32_t cpu, MigrationReason reason, int level, Rq& chargeTo) = 0;
    virtual void migrateRunning(Task& p, uint32_t cpu, MigrationReason reason, int level) = 0;

protected:
    ~TaskMover() = default;
};

} // namespace core
