#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace core {

/// The five kernel changes SchedScope is built around (see docs/architecture.md).
enum class Optimization : uint8_t {
    PsiClockOnce,
    PsiDirectIteration,
    AutogroupMoveSkip,
    CpuacctBatchScaling,
    PreferSiblingLocal,
};
inline constexpr size_t kOptimizationCount = 5;

struct OptimizationInfo {
    Optimization id;
    std::string_view key;      ///< stable scenario key
    std::string_view title;    ///< the patch title
    std::string_view summary;  ///< two lines: what changes
    std::string_view seedFile; ///< the mailing-list thread it comes from
    std::string_view year;
};

const std::array<OptimizationInfo, kOptimizationCount>& optimizationCatalog();
/// Whether the engine simulates the mechanism this change acts on yet. A toggle of one that
/// is not simulated is validated and recorded but changes nothing.
bool optimizationSimulated(Optimization o);
const OptimizationInfo& optimizationInfo(Optimization o);
std::optional<Optimization> optimizationFromKey(std::string_view key);

/// Which changes are applied. Default: all on (today's kernel, as the format specifies).
class OptimizationSet {
public:
    OptimizationSet()
        : m_bits(0x1f) {}
    static OptimizationSet none() {
        OptimizationSet s;
        s.m_bits = 0;
        return s;
    }
    bool test(Optimization o) const { return m_bits >> static_cast<int>(o) & 1; }
    void set(Optimization o, bool on) {
        const uint8_t bit = uint8_t(1u << static_cast<int>(o));
        m_bits = on ? uint8_t(m_bits | bit) : uint8_t(m_bits & ~bit);
    }
    bool operator==(const OptimizationSet&) const = default;

private:
    uint8_t m_bits;
};

} // namespace core
