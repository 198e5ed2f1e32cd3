#include "reality/calibration.h"

#include "scenario/loader.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace core {

namespace {

SimTime ns(double v) {
    return SimTime::ns(static_cast<int64_t>(std::llround(std::max(0.0, v))));
}

} // namespace

Calibration calibrate(const HostMeasurements& m) {
    Calibration c;
    const double syscall = m.syscallNs;
    const double cs = std::max(0.0, m.yieldSwitchNs - syscall);
    // Half a same-CPU futex round trip: the waker's futex_wake (syscall + wakeup), then its
    // futex_wait (syscall + the switch to the woken thread).
    const double wakeup = std::max(0.0, m.futexSameCpuNs / 2 - 2 * syscall - cs);
    c.costs.push_back({CostOp::CpuClock, ns(m.clockReadNs), "clock_gettime(CLOCK_MONOTONIC)"});
    c.costs.push_back({CostOp::Syscall, ns(syscall), "getppid()"});
    c.costs.push_back({CostOp::PipeTransfer, ns((m.pipeWriteReadNs - 2 * syscall) / 2),
                       "(pipe write + read of 1 byte - 2 syscalls) / 2"});
    c.costs.push_back({CostOp::SocketTransfer, ns((m.socketWriteReadNs - 2 * syscall) / 2),
                       "(socketpair write + read of 1 byte - 2 syscalls) / 2"});
    c.costs.push_back(
        {CostOp::ContextSwitch, ns(cs), "sched_yield() between two threads on one CPU - syscall"});
    c.costs.push_back(
        {CostOp::Wakeup, ns(wakeup), "futex round trip on one CPU / 2 - 2 syscalls - context switch"});
    if (m.futexWakeCrossCpuNs) {
        // The waker's system call and wakeup, the IPI and the idle exit of the woken CPU, the
        // switch to the sleeper.
        c.costs.push_back({CostOp::Ipi, ns(*m.futexWakeCrossCpuNs - syscall - wakeup - cs),
                           "futex wake across CPUs - syscall - wakeup - context switch"});
    } else {
        c.notes.push_back("ipi: left at its default; the process may run on one CPU only");
    }
    c.costs.push_back({CostOp::Fork, ns(m.forkNs), "fork() until it returns in the parent"});
    // From the expiry to the sleeper running: the interrupt's way in, then the wakeup and the
    // switch the model charges on its own.
    c.costs.push_back({CostOp::TimerDelivery, ns(m.timerOvershootNs - wakeup - cs),
                       "timer overshoot on an idle CPU kept awake - wakeup - context switch"});
    if (!m.timerCpuKeptAwake)
        c.notes.push_back("timer_delivery: /dev/cpu_dma_latency could not be held at 0 (not root): the "
                          "overshoot includes the CPU's exit from deep idle");
    c.costs.push_back({CostOp::Exit, ns(m.forkExitWaitNs - m.forkNs - syscall - 2 * cs),
                       "fork + _exit + waitpid - fork - syscall - 2 context switches"});
    return c;
}

std::string costsFileJson(const Calibration& c, const HostMeasurements& m, const std::string& host) {
    nlohmann::ordered_json j;
    j["format"] = 1;
    j["kind"] = "schedscope-costs";
    j["host"] = host;
    nlohmann::ordered_json meas;
    auto put = [&](const char* key, double v) { meas[key] = std::round(v * 10) / 10; };
    put("clock_read_ns", m.clockReadNs);
    put("syscall_ns", m.syscallNs);
    put("pipe_write_read_ns", m.pipeWriteReadNs);
    put("socket_write_read_ns", m.socketWriteReadNs);
    put("yield_switch_ns", m.yieldSwitchNs);
    put("futex_round_trip_same_cpu_ns", m.futexSameCpuNs);
    if (m.futexWakeCrossCpuNs)
        put("futex_wake_cross_cpu_ns", *m.futexWakeCrossCpuNs);
    put("pipe_round_trip_same_cpu_ns", m.pipeSameCpuNs);
    if (m.pipeCrossCpuNs)
        put("pipe_round_trip_cross_cpu_ns", *m.pipeCrossCpuNs);
    put("fork_ns", m.forkNs);
    put("fork_exit_wait_ns", m.forkExitWaitNs);
    put("timer_overshoot_ns", m.timerOvershootNs);
    meas["cpus"] = nlohmann::ordered_json::array({m.cpuA, m.cpuB});
    j["measured"] = meas;
    nlohmann::ordered_json costs = nlohmann::ordered_json::object();
    for (const CalibratedCost& cc : c.costs)
        costs[std::string(costName(cc.op))] = std::to_string(cc.value.count()) + "ns";
    j["costs"] = costs;
    return j.dump(2) + "\n";
}

double simulatedPipeRoundTripNs(bool crossCpu, const std::map<CostOp, SimTime>& costs,
                                const std::string& model) {
    constexpr int kRoundTrips = 20000;
    const std::string n = std::to_string(kRoundTrips);
    const std::string text = R"({"format": 1, "name": "pipe ping-pong", "duration": "60s",
      "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1},
      "kernel": {"model": ")" +
                             model + R"("},
      "channels": [{"name": "ab", "kind": "pipe"}, {"name": "ba", "kind": "pipe"}],
      "tasks": [
        {"name": "ping", "cpus": "0", "program": [{"loop": )" +
                             n +
                             R"(, "do": [{"send": "ab"}, {"recv": "ba"}]}]},
        {"name": "pong", "cpus": ")" +
                             std::string(crossCpu ? "1" : "0") + R"(", "program": [{"loop": )" + n +
                             R"(, "do": [{"recv": "ab"}, {"send": "ba"}]}]}]})";
    LoadResult r = loadScenarioText(text, "pipe ping-pong");
    if (!r.ok())
        throw std::logic_error("the pipe ping-pong scenario does not load: " + r.errors.front());
    for (const auto& [op, t] : costs)
        r.spec->kernel.costs[op] = t;
    Engine e(std::make_shared<const ScenarioSpec>(std::move(*r.spec)));
    e.runToEnd();
    return double(e.now().count()) / kRoundTrips;
}

} // namespace core
