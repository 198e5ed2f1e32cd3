#pragma once

// The rules of the cgroup tree that every layer shares: how a path names its parent, and the
// range of cpu.weight (cgroup v2: 1..10000, 100 by default). The scenario's validator, the
// simulated tree, the host importer, the live commands and the reality runner read them here.

#include <cstdint>
#include <string>
#include <string_view>

namespace core {

inline constexpr uint32_t kMinCgroupWeight = 1;
inline constexpr uint32_t kMaxCgroupWeight = 10000;
inline constexpr uint32_t kDefaultCgroupWeight = 100;

/// The parent of an absolute cgroup path: "/a" for "/a/b", "/" for "/a" (and for "/").
inline std::string cgroupParent(std::string_view path) {
    const size_t slash = path.rfind('/');
    return slash == 0 || slash == std::string_view::npos ? std::string("/")
                                                         : std::string(path.substr(0, slash));
}

} // namespace core
