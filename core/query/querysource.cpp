#include "query/querysource.h"

#include "import/filekind.h"
#include "query/sweeptables.h"

#include <filesystem>

namespace core {

QuerySourceKind querySourceKind(const std::string& source) {
    if (isSweepFolder(source))
        return QuerySourceKind::Sweep;
    std::error_code ec;
    if (std::filesystem::is_directory(source, ec))
        return QuerySourceKind::Recording;
    return sniff(source) == FileKind::Trace ? QuerySourceKind::Recording : QuerySourceKind::Scenario;
}

} // namespace core
