#pragma once

#include "report/snapshot.h"

#include <memory>
#include <mutex>

namespace core {

/// The one-slot hand-off of snapshots from the simulation thread to the viewer. The writer
/// never waits for the reader: a snapshot posted while the previous one is still unread is
/// merged into it (Snapshot::absorb: state from the newer, deltas appended), so nothing is
/// dropped and the reader is woken at most once per read. Qt-free, so the hand-off can be
/// stress-tested under ThreadSanitizer without the GUI.
class SnapshotMailbox {
public:
    /// Leaves `s` for the reader. Returns true when the slot was empty, i.e. when the reader
    /// must be told (it has taken everything before); false when merged into an unread one.
    bool post(std::shared_ptr<Snapshot> s);
    /// The news since the last take, or null when there is none.
    std::shared_ptr<const Snapshot> take();
    /// Posts that were merged into an unread snapshot (a slow reader), for diagnostics.
    uint64_t merged() const;
    /// Records (slices, migrations, samples) waiting unread: the writer holds back when the
    /// reader falls this far behind, so a stalled reader cannot make memory grow without bound.
    size_t pendingRecords() const;

private:
    mutable std::mutex m_mutex;
    std::shared_ptr<Snapshot> m_slot;
    uint64_t m_merged = 0;
};

} // namespace core
