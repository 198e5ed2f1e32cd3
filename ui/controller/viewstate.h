#pragma once

#include "base/trace.h"
#include "controller/format.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace ui {

/// What the user picked to read about in detail: the slice running on a CPU at a time, a
/// migration (both its ends), or a task's thread state at a time (and the wakeup chain behind
/// it).
struct Pick {
    enum class Kind : uint8_t { Slice, Migration, State };
    Kind kind = Kind::Slice;
    uint32_t cpu = 0; ///< the slice's CPU
    SimNs time = 0;   ///< a time inside the slice, the migration's time, or the state's
    core::MigrationRecord migration;
    uint32_t task = 0; ///< State: the task
    bool operator==(const Pick& o) const {
        return kind == o.kind && cpu == o.cpu && time == o.time && task == o.task &&
               migration.task == o.migration.task && migration.from == o.migration.from &&
               migration.to == o.migration.to;
    }
};

/// A point in the run the user marked, with a note (saved with the session).
struct Bookmark {
    SimNs at = 0;
    QString note;
};

/// What the user is looking at, shared by every view: the time range of the timelines (and
/// whether it follows the present), the time cursor, and the selection (a CPU, cgroups, a
/// task) that filters and highlights.
class ViewState : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Visible range in ns.
    SimNs rangeStart() const { return m_from; }
    SimNs rangeEnd() const { return m_to; }
    bool following() const { return m_follow; }
    void setRange(SimNs from, SimNs to, bool follow);
    /// Keeps the visible width and moves it to end at `now`, when following.
    void followTo(SimNs now);
    /// Shows the whole run up to `now` and stops following.
    void showWholeRun(SimNs now);

    /// The time cursor (marker A, set by a click) and marker B (Shift+click): the timeline shows
    /// the time between them, as KernelShark's dual markers. Both signal cursorChanged.
    std::optional<SimNs> cursor() const { return m_cursor; }
    void setCursor(std::optional<SimNs> t);
    std::optional<SimNs> markerB() const { return m_markerB; }
    void setMarkerB(std::optional<SimNs> t);

    std::optional<uint32_t> selectedCpu() const { return m_cpu; }
    void setSelectedCpu(std::optional<uint32_t> cpu);
    const std::set<uint32_t>& selectedCgroups() const { return m_cgroups; }
    std::optional<uint32_t> selectedTask() const { return m_task; }
    void setSelection(std::set<uint32_t> cgroups, std::optional<uint32_t> task);
    /// The slice or migration shown in the detail panel.
    const std::optional<Pick>& pick() const { return m_pick; }
    void setPick(std::optional<Pick> pick);

    /// A note's longest form in bytes of UTF-8 (what the scenario's `bookmarks` take).
    static constexpr qsizetype kMaxBookmarkNoteBytes = 4096;
    /// `note` cut to at most kMaxBookmarkNoteBytes of UTF-8, at a character's boundary.
    static QString bookmarkNote(const QString& note);
    /// The bookmarks, in time order. Adding returns the new one's index (its note cut to
    /// bookmarkNote()).
    const std::vector<Bookmark>& bookmarks() const { return m_bookmarks; }
    void setBookmarks(std::vector<Bookmark> bookmarks);
    size_t addBookmark(SimNs at, const QString& note);
    void removeBookmark(size_t index);
    /// The bookmark nearest to `t`, if any.
    std::optional<size_t> bookmarkNear(SimNs t) const;
    /// Puts the cursor on `t`, and the visible range around it when it is outside (the same
    /// width; no longer following the present).
    void goTo(SimNs t);

    /// Back to the start of a run `runLength` long: no cursor or selection, following the
    /// present, showing the first second (or the whole run when it is shorter). Bookmarks stay
    /// (the session sets them when it opens another scenario).
    void clear(SimNs runLength = kNsPerSecond);

signals:
    void rangeChanged();
    void cursorChanged();
    void selectionChanged();
    void pickChanged();
    void bookmarksChanged();

private:
    SimNs m_from = 0;
    SimNs m_to = kNsPerSecond;
    bool m_follow = true;
    std::optional<SimNs> m_cursor;
    std::optional<SimNs> m_markerB;
    std::optional<uint32_t> m_cpu;
    std::set<uint32_t> m_cgroups;
    std::optional<uint32_t> m_task;
    std::optional<Pick> m_pick;
    std::vector<Bookmark> m_bookmarks;
};

} // namespace ui
