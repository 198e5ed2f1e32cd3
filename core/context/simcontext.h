#pragma once

#include "base/costs.h"
#include "base/counters.h"
#include "base/eventqueue.h"
#include "base/optimizations.h"
#include "base/rng.h"
#include "base/trace.h"
#include "base/tunables.h"
#include "scenario/scenariospec.h"

namespace core {

/// Kinds of engine events (Event::kind).
enum class EventKind : uint32_t {
    CpuResume,       ///< a = cpu: the current task continues its program
    Tick,            ///< a = cpu: scheduler tick
    TaskTimer,       ///< a = slot, b = task id: a sleep / io / memstall ends
    TaskStart,       ///< a = slot, b = task id: a task with a start delay begins
    Timeline,        ///< a = index into the scenario timeline
    PsiAvgs,         ///< a = PSI group: its delayed averaging work
    BandwidthPeriod, ///< a = task group, b = generation: cpu.max period timer (refill)
    BandwidthSlack,  ///< a = task group, b = generation: cpu.max slack timer (returned runtime)
    RtPeriod,        ///< b = generation: the RT bandwidth period timer (sched_rt_period_timer)
    FairServer,      ///< a = cpu, b = generation: the CPU's fair deadline server timer (v6.12)
    Resched,         ///< a = cpu: the kernel work charged to the CPU is done; it schedules now
};

/// What every engine component shares: the clock, the queue, randomness, the cost model,
/// the switches and the counters. One per engine; engines share nothing.
struct SimContext {
    explicit SimContext(uint64_t seed)
        : rng(seed) {}
    /// The context a scenario asks for: its seed, HZ, features, switches and cost overrides.
    explicit SimContext(const ScenarioSpec& spec)
        : rng(spec.seed) {
        for (auto [op, cost] : spec.kernel.costs)
            costs.set(op, cost);
        for (auto [param, value] : spec.kernel.costCounts)
            costs.set(param, value);
        tunables = Tunables::forCpus(spec.topology.nrCpus(),
                                     SimTime::ns(kernelModelInfo(spec.kernel.model).baseSliceNs));
        optimizations = spec.optimizations;
        model = spec.kernel.model;
        features = spec.kernel.features;
        hz = spec.kernel.hz;
        tickPeriod = SimTime::ns(1000000000 / spec.kernel.hz);
        burstsHoldKernelWork = spec.kernel.recordedBursts == RecordedBursts::All;
    }
    SimTime now;
    EventQueue queue;
    Rng rng;
    CostModel costs;
    Tunables tunables;
    OptimizationSet optimizations;
    KernelModel model = kDefaultKernelModel;
    KernelFeatures features;
    Counters counters;
    TraceSink* trace = nullptr;
    uint32_t hz = 250;
    SimTime tickPeriod = SimTime::ms(4);
    /// kernel.recorded_bursts "all": kernel work charged while a task runs comes out of its
    /// recorded runs (Machine::charge), except the calls' own costs, which the program deducts.
    bool burstsHoldKernelWork = false;

    void schedule(SimTime at, EventKind k, uint32_t a = 0, uint64_t b = 0) {
        queue.push(at, Event{static_cast<uint32_t>(k), a, b});
    }
};

} // namespace core
