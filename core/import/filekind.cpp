#include "import/filekind.h"

#include "import/recordfolder.h"
#include "import/tracefile.h"

#include <fstream>

namespace core {

FileKind sniff(const std::string& path) {
    if (path.rfind("builtin:", 0) == 0)
        return FileKind::Builtin;
    if (isRecordFolder(path))
        return FileKind::Trace;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return FileKind::Workload;
    char head[4096];
    in.read(head, sizeof head);
    const auto n = static_cast<size_t>(in.gcount());
    return looksLikeTrace(std::string_view(head, n)) ? FileKind::Trace : FileKind::Workload;
}

} // namespace core
