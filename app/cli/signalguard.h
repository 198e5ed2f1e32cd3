#pragma once

// SIGINT, SIGTERM and SIGHUP caught while a command that makes processes, perf instances or
// tracing settings runs (reality, record), so that it stops in order and removes them.

#include <csignal>

#include <signal.h>

namespace cli {

/// While it lives, those signals set stopSignal() instead of ending the process; the previous
/// handlers come back when it ends.
class SignalGuard {
public:
    SignalGuard();
    ~SignalGuard();
    SignalGuard(const SignalGuard&) = delete;
    SignalGuard& operator=(const SignalGuard&) = delete;

private:
    struct sigaction m_old[3]{};
};

/// The signal caught (0: none).
int stopSignal();

} // namespace cli
