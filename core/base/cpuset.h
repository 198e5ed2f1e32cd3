#pragma once

#include "base/ids.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// A set of CPUs (affinity masks, cpuset.cpus), sized for the machine.
class CpuSet {
public:
    CpuSet() = default;
    explicit CpuSet(uint32_t nrCpus)
        : m_words((nrCpus + 63) / 64, 0)
        , m_size(nrCpus) {}
    static CpuSet all(uint32_t nrCpus);

    uint32_t size() const { return m_size; }
    bool test(CpuId c) const {
        return c.value() < m_size && (m_words[c.value() / 64] >> (c.value() % 64)) & 1;
    }
    void set(CpuId c) { m_words[c.value() / 64] |= uint64_t{1} << (c.value() % 64); }
    void reset(CpuId c) { m_words[c.value() / 64] &= ~(uint64_t{1} << (c.value() % 64)); }
    uint32_t count() const;
    bool empty() const { return count() == 0; }
    bool isAll() const { return count() == m_size; }
    /// First CPU >= from in the set, or an invalid id.
    CpuId next(uint32_t from) const;
    CpuId first() const { return next(0); }
    CpuSet operator&(const CpuSet& o) const;
    bool intersects(const CpuSet& o) const;
    bool operator==(const CpuSet& o) const = default;

    /// Kernel list syntax, e.g. "0-3,8,10-11".
    std::string toString() const;

private:
    std::vector<uint64_t> m_words;
    uint32_t m_size = 0;
};

/// A parsed CPU list before it is bound to a machine size: ranges in the kernel's list syntax.
struct CpuListParse {
    std::vector<std::pair<uint32_t, uint32_t>> ranges; ///< inclusive [first, last]
    std::string error;                                 ///< non-empty on failure: what was expected
    uint32_t maxCpu() const;
    /// Back to list syntax ("0-3,8"), as parsed.
    std::string toString() const;
};

/// Kernel list syntax for ascending, distinct CPU numbers: {0,1,2,3,8} -> "0-3,8".
std::string formatCpuList(const std::vector<uint32_t>& cpus);

/// The list of the CPUs whose entry in `in` is true, as ranges ("0-3,8").
CpuListParse cpuListOf(const std::vector<bool>& in);

/// Parses "0-3,8,10-11". Values above 65535 are rejected so a hostile list stays cheap.
CpuListParse parseCpuList(std::string_view text);

/// Binds a parsed list to a machine; CPUs beyond nrCpus are the caller's error to report.
CpuSet toCpuSet(const CpuListParse& list, uint32_t nrCpus);

} // namespace core
