#pragma once

#include "base/costs.h"
#include "base/cpuset.h"
#include "base/ids.h"
#include "scenario/scenariospec.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace core {

/// One compiled action: names resolved to ids, loops flattened.
struct Instr {
    ActionKind kind = ActionKind::Exit;
    /// channel id, cgroup id, session id, fork template or CPU mask index; nice + 20 (nice);
    /// policy | rt_priority << 8 | (nice + 20, or 0xff to keep it) << 16 (policy)
    uint32_t arg = 0;
    uint32_t end = 0;      ///< loop: index just past its body
    int64_t loopCount = 0; ///< loop: -1 repeats forever
    DurationDist duration;
    /// kernel.recorded_bursts: the part of this call's cost that the run before it was too short
    /// to give up; the recording shows the call took no longer than that run, so the engine does
    /// not charge it (docs/record-replay.md, "Costs are not counted twice").
    SimTime rebate;
};

struct ForkTemplate;

/// A task's program, compiled for one instance index ({i} resolved). Immutable and shared by
/// every task running it (all instances share one when the program has no {i}).
struct Program {
    std::vector<Instr> code;
    std::vector<std::shared_ptr<const ForkTemplate>> forks;
    std::vector<std::shared_ptr<const CpuSet>> masks; ///< of the cpus actions
    SimTime exitRebate;                               ///< Instr::rebate of the exit at the program's end
};

/// A policy action's argument (Instr::arg) and back.
uint32_t policyArg(SchedPolicy policy, uint8_t rtPriority, int nice, bool keepNice);
struct PolicyArg {
    SchedPolicy policy;
    uint8_t rtPriority;
    std::optional<int> nice; ///< absent: the task keeps its nice
};
PolicyArg policyOfArg(uint32_t arg);

/// What a fork action creates: the child's attributes and its compiled program.
struct ForkTemplate {
    std::string name;
    std::optional<CgroupId> cgroup;  ///< absent: inherit the parent's
    std::optional<uint32_t> session; ///< absent: inherit the parent's
    int nice = 0;
    SchedPolicy policy = SchedPolicy::Other;
    uint8_t rtPriority = 0;
    std::optional<SimTime> slice;      ///< custom slice (v6.12 model)
    std::optional<SimTime> timerSlack; ///< absent: inherit the parent's (fork copies it)
    /// Absent: inherit the parent's (fork copies the affinity mask). Present: the child's own,
    /// where a null set means every CPU, so a child that asks for all CPUs is not pinned to its
    /// pinned parent's.
    std::optional<std::shared_ptr<const CpuSet>> affinity;
    SimTime start;
    std::shared_ptr<const Program> program;
    int32_t pid = -1; ///< the recorded pid of an imported task, -1 for none
};

/// Maps names in a program to engine ids while compiling.
class NameResolver {
public:
    virtual ~NameResolver() = default;
    virtual uint32_t channel(const std::string& name) = 0;
    virtual CgroupId cgroup(const std::string& path) = 0;
    virtual uint32_t session(const std::string& name) = 0;
    virtual std::shared_ptr<const CpuSet> cpus(const CpuListParse& list) = 0;
    /// With kernel.recorded_bursts, the costs to deduct from each run (null: none).
    virtual const CostModel* recordedBurstCosts() const { return nullptr; }
};

/// Compiles a validated program for one instance.
std::shared_ptr<const Program> compileProgram(const std::vector<ActionSpec>& actions, uint32_t instance,
                                              NameResolver& resolver);

/// Does the program (forks included) mention {i} anywhere, so instances need their own copy?
bool programUsesInstance(const std::vector<ActionSpec>& actions);

/// Where a task is in its program: the current action and the enclosing loops.
class ProgramCursor {
public:
    /// The action at the cursor, entering loops as needed; null when the program has ended.
    /// `spun` is set when the cursor went round loops many times without reaching an action
    /// (e.g. an endless loop of empty loops); the caller then lets time pass before retrying.
    const Instr* current(const Program& prog, bool& spun);
    /// Moves past the current (completed) action.
    void advance() { ++m_pc; }
    uint32_t pc() const { return m_pc; }

private:
    struct Frame {
        uint32_t loopPc;
        int64_t remaining; ///< iterations left including the current one; -1 = forever
    };
    uint32_t m_pc = 0;
    std::vector<Frame> m_frames;
};

} // namespace core
