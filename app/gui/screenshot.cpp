#include "screenshot.h"

#include "compare/comparewindow.h"
#include "controller/session.h"
#include "export/exportregistry.h"
#include "plots/occupancyplot.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QPixmap>
#include <QTabWidget>

#include <algorithm>
#include <cstdio>

namespace ui {

ScreenshotJob::ScreenshotJob(MainWindow& window, QString path, core::SimTime runTo, int tab)
    : m_window(window)
    , m_path(std::move(path))
    , m_runTo(runTo)
    , m_tab(tab) {
    connect(&m_timer, &QTimer::timeout, this, &ScreenshotJob::poll);
}

void ScreenshotJob::start() {
    if (auto* tabs = m_window.findChild<QTabWidget*>(QStringLiteral("viewTabs")); tabs && m_tab >= 0)
        tabs->setCurrentIndex(m_tab);
    if (m_compare)
        m_compare->runTo(m_runTo);
    else
        m_window.session().controller().runTo(m_runTo);
    m_timer.start(100);
}

void ScreenshotJob::poll() {
    const History& h = m_window.session().history();
    const bool there = m_compare ? m_compare->commonTime() >= std::min(m_runTo, m_compare->duration()).count()
                                 : h.now() >= m_runTo.count() || h.latest().finished;
    if (!there) {
        if (++m_polls > 1200) {
            std::fprintf(stderr, "schedscope: the run did not reach %s within 2 minutes\n",
                         core::formatTimeHuman(m_runTo).c_str());
            QApplication::exit(1);
        }
        return;
    }
    if (m_settle == 0 && !m_compare) {
        auto* occupancy = dynamic_cast<OccupancyPlot*>(m_window.exports().find(QStringLiteral("occupancy")));
        if (occupancy && m_expandCpu) {
            const auto row = occupancy->tracks().rowOfCpu(*m_expandCpu);
            if (row && occupancy->tracks().rows()[*row].kind != Track::Kind::Cpu)
                occupancy->toggleRow(*row);
            if (const auto shown = occupancy->tracks().rowOfCpu(*m_expandCpu))
                occupancy->scrollToRow(*shown);
        }
        if (m_pick)
            m_window.session().view().setPick(
                Pick{Pick::Kind::Slice, m_pick->first, m_pick->second.count(), {}});
    }
    // A few frames for the views (and the Depth sweep, if shown) to catch up.
    if (++m_settle < 15)
        return;
    m_timer.stop();
    const QPixmap image = m_compare ? m_compare->grab() : m_window.grab();
    if (!image.save(m_path)) {
        std::fprintf(stderr, "schedscope: could not write %s\n", qPrintable(m_path));
        QApplication::exit(1);
        return;
    }
    std::printf("wrote %s (%dx%d)\n", qPrintable(m_path), image.width(), image.height());
    QApplication::exit(0);
}

} // namespace ui
