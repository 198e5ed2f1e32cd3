#include "pages/countertracksexport.h"

#include "controller/history.h"
#include "pages/threadspage.h"

#include <QCoreApplication>

namespace ui {

QString CounterTracksExport::exportTitle() const {
    return QCoreApplication::translate("ui::ThreadsPage", "Counter tracks");
}

QWidget* CounterTracksExport::exportWidget() {
    return &m_page;
}

QByteArray CounterTracksExport::csv() const {
    const ThreadRows& rows = m_page.rows();
    const core::ThreadStates* s = rows.states();
    if (!s || (s->nrRunning.empty() && s->counters.empty()))
        return {};
    std::unordered_map<uint32_t, int64_t> pids;
    for (const core::TaskTrack& t : s->tasks)
        pids[t.id.value()] = rows.pidOf(t.id.value());
    return QByteArray::fromStdString(
        core::toCountersCsv(*s, pids, m_page.kernelCpuNumbers(), rows.cgroupPaths()));
}

void CounterTracksExport::bringUpToDate() {
    m_page.bringUpToDate();
}

} // namespace ui
