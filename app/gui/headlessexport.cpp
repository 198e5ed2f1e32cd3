#include "headlessexport.h"

#include "export/exportregistry.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>

#include <cstdio>

namespace ui {

HeadlessExportJob::HeadlessExportJob(MainWindow& window, QString folder, core::SimTime runFor,
                                     QList<ExportFormat> formats)
    : m_window(window)
    , m_folder(std::move(folder))
    , m_until(runFor)
    , m_formats(std::move(formats)) {
    connect(&m_timer, &QTimer::timeout, this, &HeadlessExportJob::poll);
}

void HeadlessExportJob::start() {
    if (const auto spec = m_window.session().spec())
        m_until = std::min(m_until, spec->duration);
    std::printf("Running %s to %s...\n", qPrintable(m_window.scenarioName()),
                core::formatTimeHuman(m_until).c_str());
    std::fflush(stdout);
    m_window.session().controller().runTo(m_until);
    m_window.exports().bringUpToDate(); // starts the Depth sweep, in the background alongside the run
    m_timer.start(100);
}

void HeadlessExportJob::poll() {
    const History& h = m_window.session().history();
    const bool there = h.now() >= m_until.count() || h.latest().finished;
    if (!there || m_window.exports().isBusy()) {
        if (++m_polls > 6000) {
            std::fprintf(stderr, "schedscope: the run did not reach %s within 10 minutes\n",
                         core::formatTimeHuman(m_until).c_str());
            QApplication::exit(1);
        }
        return;
    }
    if (m_settle++ == 0) {
        // The whole run, not the last seconds the timeline follows.
        m_window.session().view().showWholeRun(h.now());
        m_window.exports().bringUpToDate();
        return; // a few frames for the views to lay out
    }
    if (m_settle < 5)
        return;
    m_timer.stop();
    write();
}

void HeadlessExportJob::write() {
    const ExportReport report = m_window.exports().exportAll(m_folder, m_formats, QSize(1200, 700), 96);
    std::printf("Wrote %lld files to %s:\n", static_cast<long long>(report.written.size()),
                qPrintable(QDir(m_folder).absolutePath()));
    for (const QString& p : report.written)
        std::printf("  %s\n", qPrintable(QDir(p).absolutePath()));
    for (const QString& e : report.errors)
        std::fprintf(stderr, "schedscope: %s\n", qPrintable(e));
    std::fflush(stdout);
    QApplication::exit(report.errors.isEmpty() && !report.written.isEmpty() ? 0 : 1);
}

} // namespace ui
