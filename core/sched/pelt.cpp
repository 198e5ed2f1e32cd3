#include "sched/pelt.h"

#include "base/wideint.h"

namespace core::pelt {

namespace {

// floor((2^32 - 1) * y^n) for n = 0..31, y = 2^(-1/32): the decay factors as 0.32 fixed point.
constexpr uint32_t kYnInv[kLoadAvgPeriod] = {
    0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6, 0xe0ccdeeb, 0xdbfbb796,
    0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85, 0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46,
    0xb504f333, 0xb123f581, 0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
    0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80, 0x85aac367, 0x82cd8698,
};

uint64_t mulShr32(uint64_t a, uint32_t b) {
    return static_cast<uint64_t>((static_cast<u128>(a) * b) >> 32);
}

/// Contribution of `periods` full periods plus the partial first (d1) and last (d3) segments.
uint32_t accumulateSegments(uint64_t periods, uint32_t d1, uint32_t d3) {
    const uint32_t c1 = static_cast<uint32_t>(decayLoad(d1, periods));
    const uint32_t c2 = kLoadAvgMax - static_cast<uint32_t>(decayLoad(kLoadAvgMax, periods)) - 1024;
    return c1 + c2 + d3;
}

} // namespace

uint64_t decayLoad(uint64_t val, uint64_t n) {
    if (n > kLoadAvgPeriod * 63)
        return 0;
    if (n >= kLoadAvgPeriod) {
        val >>= n / kLoadAvgPeriod;
        n %= kLoadAvgPeriod;
    }
    return mulShr32(val, kYnInv[n]);
}

bool updateSumSlow(PeltAvg& sa, uint64_t now, uint64_t load, uint64_t runnable, bool running) {
    if (now < sa.lastUpdate) {
        // Clock went backwards relative to this average (e.g. a migrated entity synced to a
        // slightly later queue): restart the window, as the kernel does.
        sa.lastUpdate = now;
        return false;
    }
    uint64_t delta = (now - sa.lastUpdate) >> 10; // ~us periods of 1024 ns
    if (delta == 0)
        return false;
    sa.lastUpdate += delta << 10;

    // Below: the kernel's accumulate_sum().
    uint32_t contrib = static_cast<uint32_t>(delta);
    delta += sa.periodContrib;
    const uint64_t periods = delta / 1024;
    if (periods) {
        sa.loadSum = decayLoad(sa.loadSum, periods);
        sa.runnableLoadSum = decayLoad(sa.runnableLoadSum, periods);
        sa.utilSum = decayLoad(sa.utilSum, periods);
        delta %= 1024;
        contrib = accumulateSegments(periods, 1024 - sa.periodContrib, static_cast<uint32_t>(delta));
    }
    sa.periodContrib = static_cast<uint32_t>(delta);
    accumulate(sa, contrib, load, runnable, running);
    return periods != 0;
}

void updateAvg(PeltAvg& sa, uint64_t load, uint64_t runnable) {
    const uint32_t divider = kLoadAvgMax - 1024 + sa.periodContrib;
    sa.loadAvg = load * sa.loadSum / divider;
    sa.runnableLoadAvg = runnable * sa.runnableLoadSum / divider;
    sa.utilAvg = sa.utilSum / divider;
}

} // namespace core::pelt
