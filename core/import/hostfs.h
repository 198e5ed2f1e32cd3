#pragma once

// Small readers for sysfs and cgroupfs files, shared by the host importers: each file is one
// short value, and a missing or unreadable file is an answer ("absent"), not an exception.

#include "base/cpuset.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace core::hostfs {

/// The file's text without the trailing newline; nullopt when it is missing or unreadable.
/// Files larger than 1 MiB are read up to that size (no sysfs value is longer).
std::optional<std::string> readValue(const std::filesystem::path& file);

/// A decimal integer file ("-1" allowed); nullopt when missing or not a number.
std::optional<long long> readInteger(const std::filesystem::path& file);

/// A kernel CPU list file ("0-3,40-43"; empty text is the empty list); nullopt when missing or
/// malformed.
std::optional<std::vector<uint32_t>> readCpuList(const std::filesystem::path& file);

/// The CPUs of a parsed list, ascending.
std::vector<uint32_t> expand(const CpuListParse& list);

/// Names of the subdirectories of dir whose name is prefix followed by a decimal number, as
/// those numbers, ascending (cpu0, cpu1, ... -> 0, 1, ...). Empty when dir is missing.
std::vector<uint32_t> numberedEntries(const std::filesystem::path& dir, const std::string& prefix);

} // namespace core::hostfs
