#pragma once

#include <fstream>
#include <string>

namespace core {

/// A file written beside its target (PATH.tmp-schedscope) and renamed over it only when
/// complete, so a failed or cancelled write leaves any earlier file as it was. The temporary
/// file is removed unless commit() succeeded.
class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// The temporary file could be created; otherwise error() says why.
    bool ok() const { return m_error.empty(); }
    std::ostream& out() { return m_out; }
    /// Flushes, closes and renames over the target. False (and error() set) on failure.
    bool commit();
    /// "PATH: what went wrong (strerror)", or "".
    const std::string& error() const { return m_error; }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    std::string m_tmp;
    std::ofstream m_out;
    std::string m_error;
    bool m_committed = false;
};

/// Writes `content` to `path` through an AtomicFile. Returns an error message or "".
std::string writeFileAtomically(const std::string& path, const std::string& content);

} // namespace core
