#pragma once

#include <string>

namespace core {

/// What a path given to File > Open, the GUI's command line or a recent-files entry holds.
enum class FileKind {
    Builtin,  ///< "builtin:NAME"
    Trace,    ///< a scheduler recording (importTrace): a trace file or a `record` folder
    Workload, ///< anything else: a scenario or an rt-app workload (loadScenarioOrWorkload tells
              ///< them apart, and names the file in its errors when it is neither or unreadable)
};

/// Tells them apart by content, not by name: the first 4 KiB of a file decide whether it is a
/// trace (looksLikeTrace); a folder with record.json (or INCOMPLETE) is a `record` folder. Reads
/// nothing else; an unreadable file is a Workload, whose loader then says why it cannot be read.
FileKind sniff(const std::string& path);

} // namespace core
