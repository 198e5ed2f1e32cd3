#include "report/mailbox.h"

namespace core {

bool SnapshotMailbox::post(std::shared_ptr<Snapshot> s) {
    std::lock_guard lock(m_mutex);
    if (m_slot && m_slot->generation != s->generation) {
        // A new run: what the old one left unread is obsolete.
        m_slot = std::move(s);
        return false;
    }
    if (!m_slot) {
        m_slot = std::move(s);
        return true;
    }
    // The slot's snapshot is not shared yet (take() hands it over), so it may still change.
    m_slot->absorb(std::move(*s));
    ++m_merged;
    return false;
}

std::shared_ptr<const Snapshot> SnapshotMailbox::take() {
    std::lock_guard lock(m_mutex);
    return std::move(m_slot);
}

size_t SnapshotMailbox::pendingRecords() const {
    std::lock_guard lock(m_mutex);
    return m_slot ? m_slot->slices.size() + m_slot->migrations.size() + m_slot->samples.size() : 0;
}

uint64_t SnapshotMailbox::merged() const {
    std::lock_guard lock(m_mutex);
    return m_merged;
}

} // namespace core
