#pragma once

// The syscalls that change a task's scheduling attributes, watched while `schedscope-cli record`
// runs (docs/record-replay.md, "The record folder"): sched_setaffinity, sched_setscheduler,
// sched_setparam, sched_setattr, setpriority and prctl(PR_SET_TIMERSLACK), through their
// syscalls:sys_enter_* and sys_exit_* tracepoints in a tracefs instance of its own (no kprobes).
// Their arguments that matter are behind user pointers (the mask, struct sched_param), which a
// tracepoint does not follow: so the watch is live, and when a call returns 0 the task's
// attributes are read at once (reality/liveattributes.h).

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace core {

/// A call that took effect: at `t` (CLOCK_MONOTONIC ns, perf record -k mono's clock), on the
/// threads `tids`; empty `tids` when it may have changed many (setpriority of a process group or
/// a user).
struct AttributeChange {
    int64_t t = 0;
    std::vector<pid_t> tids;
};

/// One line of the instance's trace_pipe, read: "COMM-TID [CPU] FLAGS SECONDS.MICROS: sys_NAME(ARGS)"
/// or "...: sys_NAME -> 0xRET". Exposed for its test.
struct SyscallLine {
    pid_t tid = 0;
    int64_t t = 0;
    std::string name; ///< "setpriority"
    bool exit = false;
    long long ret = 0;
    std::vector<std::pair<std::string, unsigned long long>> args; ///< as printed: "pid: 0x..."
    unsigned long long arg(std::string_view field, unsigned long long otherwise = 0) const;
};
bool parseSyscallLine(std::string_view line, SyscallLine& out);

/// What an enter and its exit (ret 0) changed: the threads (0 in the arguments is the caller), or
/// none for "every task" (setpriority of a process group or a user). False: not a change.
bool changedThreads(const SyscallLine& enter, std::vector<pid_t>& tids);

class AttributeWatch {
public:
    AttributeWatch() = default;
    AttributeWatch(const AttributeWatch&) = delete;
    AttributeWatch& operator=(const AttributeWatch&) = delete;
    ~AttributeWatch() { stop(); }

    /// Makes the instance `name` (instances left by a recorder that was killed are removed
    /// first), with the CLOCK_MONOTONIC trace clock and the syscalls' events, and starts reading
    /// it; `changed` is called on the reading thread. "" or what went wrong (nothing is left).
    std::string start(const std::string& name, std::function<void(const AttributeChange&)> changed);
    /// Reads what is left, stops and removes the instance. Idempotent.
    void stop();
    /// The reading thread's id (the recorder's own, to leave out of the replay); 0 before start.
    pid_t readerTid() const { return m_readerTid.load(); }
    /// What could not be watched (a syscall without its tracepoints, lines not understood).
    const std::vector<std::string>& notes() const { return m_notes; }

private:
    void read();
    void line(std::string_view text);
    void removeInstance();

    std::string m_dir; ///< the instance's folder ("" when none)
    int m_pipe = -1;
    int m_wake = -1; ///< an eventfd stop() writes to, so that the reader sleeps without a timeout
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<pid_t> m_readerTid{0};
    std::function<void(const AttributeChange&)> m_changed;
    std::vector<SyscallLine> m_pending; ///< enters waiting for their exit, one per thread
    std::vector<std::string> m_notes;
    uint64_t m_unread = 0;
};

/// The tracefs mount (/sys/kernel/tracing, or debugfs's tracing), "" when there is none.
std::string tracefsRoot();

} // namespace core
