#include "controller/slicedetails.h"

#include "controller/history.h"

namespace ui {

namespace {

/// How far a click looks for the switches around it, in records (a bound, not a time).
constexpr size_t kScanLimit = 2'000'000;

} // namespace

std::optional<SliceDetails> describeSlice(const History& history, uint32_t cpu, SimNs t) {
    if (cpu >= history.nrCpus())
        return std::nullopt;
    const LaneBlock* b = history.lane(cpu).at(t);
    if (!b)
        return std::nullopt;
    SliceDetails d;
    d.cpu = cpu;
    d.task = b->task;
    d.cgroup = b->cgroup;
    d.start = b->start;
    d.end = b->end;
    if (b->task == UINT32_MAX)
        return d;

    const auto& sw = history.switches();
    const core::TaskId task(b->task);
    // The switch that put the task on this CPU: the last one on the CPU at or before t.
    size_t in = history.switchesWithin(0, t + 1).second;
    std::optional<size_t> switchIn;
    for (size_t scanned = 0; in > 0 && scanned < kScanLimit; ++scanned) {
        --in;
        if (sw[in].cpu != cpu)
            continue;
        if (sw[in].next == task)
            switchIn = in;
        break;
    }
    if (!switchIn)
        return d; // compacted, or before the records began
    const core::SwitchRecord& r = sw[*switchIn];
    d.exact = true;
    d.start = r.time.count();
    d.runnableSince = r.nextRunnableSince.count();
    d.switchedInFor = r.prev.valid() ? r.prev.value() : UINT32_MAX;

    // The switch that took it off: the next one on this CPU.
    size_t i = *switchIn + 1;
    std::optional<size_t> switchOut;
    for (size_t scanned = 0; i < sw.size() && scanned < kScanLimit; ++i, ++scanned)
        if (sw[i].cpu == cpu) {
            switchOut = i;
            break;
        }
    if (!switchOut) {
        d.stillRunning = true;
        d.end = history.now();
        return d;
    }
    const core::SwitchRecord& o = sw[*switchOut];
    d.end = o.time.count();
    d.endState = o.prevState;
    d.blockedOn = o.prevBlock;
    d.channel = o.prevChannel;
    d.nextTask = o.next.valid() ? o.next.value() : UINT32_MAX;

    // When it ran next, and whether it moved before that.
    SimNs until = history.now();
    for (size_t j = *switchOut + 1, scanned = 0; j < sw.size() && scanned < kScanLimit; ++j, ++scanned)
        if (sw[j].next == task) {
            d.nextRun = sw[j].time.count();
            until = *d.nextRun;
            break;
        }
    const auto [lo, hi] = history.migrationsWithin(d.end, until + 1);
    for (size_t m = lo; m < hi; ++m)
        if (history.migrations()[m].task == task) {
            d.migratedAfter = history.migrations()[m];
            break;
        }
    return d;
}

std::optional<SliceDetails> describeRunAfter(const History& history, uint32_t cpu, uint32_t task,
                                             SimNs from) {
    if (cpu >= history.nrCpus())
        return std::nullopt;
    const auto& sw = history.switches();
    const auto [lo, hi] = history.switchesWithin(from, history.now() + 1);
    for (size_t i = lo, scanned = 0; i < hi && scanned < kScanLimit; ++i, ++scanned) {
        if (sw[i].next.value() != task || !sw[i].next.valid())
            continue;
        if (sw[i].cpu != cpu)
            return std::nullopt; // it ran elsewhere first
        // Its slice starts after the switch's own kernel work: the first block of the task on
        // the CPU from the switch on, before the CPU's next switch.
        SimNs until = history.now();
        for (size_t j = i + 1, more = 0; j < sw.size() && more < kScanLimit; ++j, ++more)
            if (sw[j].cpu == cpu) {
                until = sw[j].time.count();
                break;
            }
        const LaneStore& lane = history.lane(cpu);
        const LaneBlocks& blocks = lane.blocks(0);
        for (size_t b = blocks.firstEndingAfter(sw[i].time.count());
             b < blocks.size() && blocks[b].start <= until; ++b)
            if (blocks[b].task == task)
                return describeSlice(history, cpu, blocks[b].start);
        if (const LaneBlock* open = lane.openBlock(0); open && open->task == task && open->start <= until)
            return describeSlice(history, cpu, open->start);
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace ui
