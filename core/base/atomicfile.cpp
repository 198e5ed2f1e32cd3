#include "base/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace core {

AtomicFile::AtomicFile(std::string path)
    : m_path(std::move(path))
    , m_tmp(m_path + ".tmp-schedscope") {
    m_out.open(m_tmp, std::ios::binary | std::ios::trunc);
    if (!m_out)
        m_error = m_path + ": cannot write (" + std::strerror(errno) + ")";
}

AtomicFile::~AtomicFile() {
    if (!m_committed) {
        m_out.close();
        std::remove(m_tmp.c_str());
    }
}

bool AtomicFile::commit() {
    if (!ok())
        return false;
    m_out.flush();
    m_out.close();
    if (!m_out) {
        m_error = m_path + ": write failed (" + std::strerror(errno) + ")";
        return false;
    }
    if (std::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
        m_error = m_path + ": cannot replace (" + std::strerror(errno) + ")";
        return false;
    }
    m_committed = true;
    return true;
}

std::string writeFileAtomically(const std::string& path, const std::string& content) {
    AtomicFile f(path);
    if (!f.ok())
        return f.error();
    f.out() << content;
    return f.commit() ? std::string() : f.error();
}

} // namespace core
