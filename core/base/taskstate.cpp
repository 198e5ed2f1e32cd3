#include "base/taskstate.h"

namespace core {

const char* schedPolicyName(SchedPolicy p) {
    switch (p) {
    case SchedPolicy::Other:
        return "other";
    case SchedPolicy::Batch:
        return "batch";
    case SchedPolicy::Idle:
        return "idle";
    case SchedPolicy::Fifo:
        return "fifo";
    case SchedPolicy::Rr:
        return "rr";
    }
    return "?";
}

const char* taskStateName(TaskState s) {
    switch (s) {
    case TaskState::New:
        return "new";
    case TaskState::Running:
        return "running";
    case TaskState::Runnable:
        return "runnable";
    case TaskState::Sleeping:
        return "sleeping";
    case TaskState::IoWait:
        return "iowait";
    case TaskState::MemStall:
        return "memstall";
    case TaskState::Dead:
        return "dead";
    }
    return "?";
}

} // namespace core
