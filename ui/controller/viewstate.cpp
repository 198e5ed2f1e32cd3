#include "controller/viewstate.h"

#include <algorithm>
#include <cstdlib>

namespace ui {

void ViewState::setRange(SimNs from, SimNs to, bool follow) {
    to = std::max(to, from + 1000); // at least 1 us wide
    if (from == m_from && to == m_to && follow == m_follow)
        return;
    m_from = from;
    m_to = to;
    m_follow = follow;
    emit rangeChanged();
}

void ViewState::followTo(SimNs now) {
    if (!m_follow)
        return;
    const SimNs width = m_to - m_from;
    // Until the run is as long as the window, show it from the start.
    const SimNs to = std::max(now, width);
    setRange(to - width, to, true);
}

void ViewState::showWholeRun(SimNs now) {
    setRange(0, std::max<SimNs>(1, now), false);
}

void ViewState::setCursor(std::optional<SimNs> t) {
    if (t == m_cursor)
        return;
    m_cursor = t;
    emit cursorChanged();
}

void ViewState::setMarkerB(std::optional<SimNs> t) {
    if (t == m_markerB)
        return;
    m_markerB = t;
    emit cursorChanged();
}

void ViewState::setSelectedCpu(std::optional<uint32_t> cpu) {
    if (cpu == m_cpu)
        return;
    m_cpu = cpu;
    emit selectionChanged();
}

void ViewState::setSelection(std::set<uint32_t> cgroups, std::optional<uint32_t> task) {
    if (cgroups == m_cgroups && task == m_task)
        return;
    m_cgroups = std::move(cgroups);
    m_task = task;
    emit selectionChanged();
}

void ViewState::setPick(std::optional<Pick> pick) {
    if (pick == m_pick)
        return;
    m_pick = pick;
    emit pickChanged();
}

void ViewState::setBookmarks(std::vector<Bookmark> bookmarks) {
    std::stable_sort(bookmarks.begin(), bookmarks.end(),
                     [](const Bookmark& a, const Bookmark& b) { return a.at < b.at; });
    m_bookmarks = std::move(bookmarks);
    emit bookmarksChanged();
}

QString ViewState::bookmarkNote(const QString& note) {
    QByteArray utf8 = note.toUtf8();
    if (utf8.size() <= kMaxBookmarkNoteBytes)
        return note;
    qsizetype cut = kMaxBookmarkNoteBytes;
    while (cut > 0 && (static_cast<unsigned char>(utf8[cut]) & 0xC0) == 0x80)
        --cut; // not inside a character
    utf8.truncate(cut);
    return QString::fromUtf8(utf8);
}

size_t ViewState::addBookmark(SimNs at, const QString& noteText) {
    const QString note = bookmarkNote(noteText);
    const auto it = std::upper_bound(m_bookmarks.begin(), m_bookmarks.end(), at,
                                     [](SimNs t, const Bookmark& b) { return t < b.at; });
    const size_t index = static_cast<size_t>(it - m_bookmarks.begin());
    m_bookmarks.insert(it, Bookmark{at, note});
    emit bookmarksChanged();
    return index;
}

void ViewState::removeBookmark(size_t index) {
    if (index >= m_bookmarks.size())
        return;
    m_bookmarks.erase(m_bookmarks.begin() + static_cast<std::ptrdiff_t>(index));
    emit bookmarksChanged();
}

std::optional<size_t> ViewState::bookmarkNear(SimNs t) const {
    std::optional<size_t> best;
    for (size_t i = 0; i < m_bookmarks.size(); ++i)
        if (!best || std::abs(m_bookmarks[i].at - t) < std::abs(m_bookmarks[*best].at - t))
            best = i;
    return best;
}

void ViewState::goTo(SimNs t) {
    if (t < m_from || t > m_to) {
        const SimNs w = m_to - m_from;
        const SimNs from = std::max<SimNs>(0, t - w / 2);
        setRange(from, from + w, false);
    }
    setCursor(t);
}

void ViewState::clear(SimNs runLength) {
    m_cursor.reset();
    m_markerB.reset();
    m_cpu.reset();
    m_cgroups.clear();
    m_task.reset();
    m_pick.reset();
    m_follow = true;
    m_from = 0;
    m_to = std::clamp<SimNs>(runLength, 1000, kNsPerSecond);
    emit rangeChanged();
    emit cursorChanged();
    emit selectionChanged();
    emit pickChanged();
}

} // namespace ui
