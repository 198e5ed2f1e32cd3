#include "pages/statuspanel.h"

#include "controller/format.h"
#include "controller/session.h"

#include <QHBoxLayout>
#include <QLabel>

namespace ui {

const std::vector<SimNs>& speedPresets() {
    static const std::vector<SimNs> presets = {1000,      10000,      100000,      1000000,      10000000,
                                               100000000, 1000000000, 10000000000, 100000000000, 0};
    return presets;
}

QString speedText(SimNs ns) {
    if (ns == 0)
        return QObject::tr("max");
    const double x = toSeconds(ns);
    if (x >= 1)
        return QStringLiteral("%1x").arg(x, 0, 'g', 3);
    return QObject::tr("%1/s").arg(QString::fromStdString(core::formatDuration(core::SimTime::ns(ns))));
}

StatusPanel::StatusPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(14);
    auto label = [&](const QString& tip) {
        auto* l = new QLabel(this);
        l->setToolTip(tip);
        layout->addWidget(l);
        return l;
    };
    m_time = label(tr("Simulated time"));
    m_state = label(tr("Run state"));
    m_speed = label(tr("Requested speed (simulated time per wall second) and achieved"));
    m_events = label(tr("Engine events per wall second"));
    m_switches = label(tr("Context switches per simulated second, over the last simulated second"));
    m_migrations = label(tr("Migrations per simulated second, over the last simulated second"));
    m_overhead = label(tr("Kernel overhead as a share of all CPU time, over the last simulated second"));
    m_wall.start();
    m_speed->setText(tr("speed -"));
    m_events->setText(tr("0 events/s"));
    connect(&session.controller(), &SimulationController::runningChanged, this, &StatusPanel::refresh);
    connect(&session.controller(), &SimulationController::speedChanged, this, &StatusPanel::refresh);
    followSession(this, session);
}

void StatusPanel::restart() {
    m_lastSim = 0;
    m_lastEvents = 0;
    m_lastWallMs = m_wall.elapsed();
}

QString StatusPanel::text() const {
    return QStringList{m_time->text(),     m_state->text(),      m_speed->text(),   m_events->text(),
                       m_switches->text(), m_migrations->text(), m_overhead->text()}
        .join(QStringLiteral("  "));
}

void StatusPanel::refresh() {
    const History& h = m_session.history();
    const SimulationController& c = m_session.controller();
    m_time->setText(tr("t = %1 s").arg(toSeconds(h.now()), 0, 'f', 6));
    m_state->setText(h.latest().finished ? tr("finished") : c.isRunning() ? tr("running") : tr("paused"));

    const qint64 wallMs = m_wall.elapsed();
    const auto& samples = h.samples();
    const uint64_t events = samples.empty() ? 0 : samples.back().counters.events;
    if (wallMs - m_lastWallMs >= 500 || events < m_lastEvents) {
        const double dt = static_cast<double>(wallMs - m_lastWallMs) / 1000.0;
        const double achieved = dt > 0 ? static_cast<double>(h.now() - m_lastSim) / dt : 0;
        m_speed->setText(tr("speed %1 (achieved %2)")
                             .arg(speedText(c.speed()), c.isRunning()
                                                            ? speedText(static_cast<SimNs>(achieved) + 1)
                                                            : QStringLiteral("-")));
        m_events->setText(tr("%1 events/s")
                              .arg(compactNumber(dt > 0 && events >= m_lastEvents
                                                     ? static_cast<double>(events - m_lastEvents) / dt
                                                     : 0)));
        m_lastWallMs = wallMs;
        m_lastSim = h.now();
        m_lastEvents = events;
    }
    if (samples.empty())
        return;
    const HistorySample& now = samples.back();
    const HistorySample& before = samples[h.sampleAt(now.time - kNsPerSecond)];
    const double secs = toSeconds(now.time - before.time);
    const core::Counters& a = now.counters;
    const core::Counters& b = before.counters;
    auto per = [&](uint64_t x, uint64_t y) { return secs > 0 ? static_cast<double>(x - y) / secs : 0.0; };
    m_switches->setText(tr("%1 ctxsw/s").arg(compactNumber(per(a.contextSwitches, b.contextSwitches))));
    m_migrations->setText(tr("%1 mig/s").arg(compactNumber(per(a.migrations, b.migrations))));
    double overhead = 0;
    for (size_t op = 0; op < a.overheadByOp.size(); ++op)
        if (op != static_cast<size_t>(core::CostOp::CacheCold))
            overhead += static_cast<double>((a.overheadByOp[op] - b.overheadByOp[op]).count());
    const double cpuNs = static_cast<double>(now.time - before.time) * h.nrCpus();
    m_overhead->setText(tr("overhead %1%").arg(cpuNs > 0 ? overhead / cpuNs * 100 : 0, 0, 'f', 2));
}

} // namespace ui
