#pragma once

#include <compare>
#include <cstdint>
#include <functional>

namespace core {

/// A strongly typed integer identifier; Tag keeps TaskId, CpuId and CgroupId apart.
template <typename Tag>
class StrongId {
public:
    constexpr StrongId() = default;
    constexpr explicit StrongId(uint32_t v)
        : m_v(v) {}
    static constexpr StrongId invalid() { return StrongId(); }
    constexpr uint32_t value() const { return m_v; }
    constexpr bool valid() const { return m_v != kInvalid; }
    constexpr auto operator<=>(const StrongId&) const = default;

private:
    static constexpr uint32_t kInvalid = UINT32_MAX;
    uint32_t m_v = kInvalid;
};

struct TaskIdTag {};
struct CpuIdTag {};
struct CgroupIdTag {};

/// Unique for the whole run; never reused, even after the task exits.
using TaskId = StrongId<TaskIdTag>;
/// Scenario CPU number: ((socket * cores_per_socket + core) * threads_per_core + thread).
using CpuId = StrongId<CpuIdTag>;
/// Index of a cgroup in the engine's cgroup tree; the root is 0.
using CgroupId = StrongId<CgroupIdTag>;

} // namespace core

template <typename Tag>
struct std::hash<core::StrongId<Tag>> {
    size_t operator()(core::StrongId<Tag> id) const noexcept { return std::hash<uint32_t>{}(id.value()); }
};
