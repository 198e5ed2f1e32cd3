#include "pages/statuspanel.h"

#include "controller/format.h"
#include "controller/session.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStatusBar>

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
    m_switches = label(QString());
    m_migrations = label(QString());
    m_overhead = label(QString());
    m_wall.start();
    m_speed->setText(tr("speed -"));
    m_events->setText(tr("0 events/s"));
    connect(&session.controller(), &SimulationController::runningChanged, this, &StatusPanel::refresh);
    connect(&session.controller(), &SimulationController::speedChanged, this, &StatusPanel::refresh);
    connect(&session.view(), &ViewState::cursorChanged, this, [this] { refreshWhenVisible(); });
    followSession(this, session);
}

QSize StatusPanel::minimumSizeHint() const {
    const int spacing = static_cast<const QHBoxLayout*>(layout())->spacing();
    return {m_time->sizeHint().width() + spacing + m_state->sizeHint().width(),
            QWidget::minimumSizeHint().height()};
}

QSize StatusPanel::sizeHint() const {
    if (m_compact)
        return minimumSizeHint();
    // Every figure, shown or not: the panel asks for room for all and hides what does not fit.
    const int spacing = static_cast<const QHBoxLayout*>(layout())->spacing();
    int width = minimumSizeHint().width();
    for (const QLabel* l : {m_migrations, m_switches, m_overhead, m_speed, m_events})
        if (applies(l))
            width += spacing + l->sizeHint().width();
    return {width, minimumSizeHint().height()};
}

void StatusPanel::setCompact(bool compact) {
    if (compact == m_compact)
        return;
    m_compact = compact;
    fitLabels();
    updateGeometry();
}

void StatusPanel::attachTo(QStatusBar* bar) {
    bar->addPermanentWidget(this);
    connect(bar, &QStatusBar::messageChanged, this, [this, bar](const QString& message) {
        if (m_eliding)
            return;
        setCompact(!message.isEmpty());
        // The room QStatusBar gives a message: its width less the compact figures and margins.
        const int room = bar->width() - minimumSizeHint().width() - 32;
        const QString shown = bar->fontMetrics().elidedText(message, Qt::ElideRight, std::max(room, 40));
        bar->setToolTip(shown == message ? QString() : message);
        if (shown != message) {
            m_eliding = true;
            bar->showMessage(shown, 15000);
            m_eliding = false;
        }
    });
}

void StatusPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitLabels();
}

void StatusPanel::fitLabels() {
    const int spacing = static_cast<QHBoxLayout*>(layout())->spacing();
    int used = minimumSizeHint().width();
    // Most important first; a figure that does not fit hides, and so do the ones after it.
    bool room = !m_compact;
    for (QLabel* l : {m_migrations, m_switches, m_overhead, m_speed, m_events}) {
        if (!applies(l)) {
            l->setVisible(false);
            continue;
        }
        used += spacing + l->sizeHint().width();
        room = room && used <= width();
        l->setVisible(room);
    }
}

bool StatusPanel::applies(const QLabel* figure) const {
    // A recording is not simulated: no speed, no events per second, no modelled overhead.
    return !m_session.trace() || (figure != m_speed && figure != m_events && figure != m_overhead);
}

void StatusPanel::restart() {
    m_lastSim = 0;
    m_lastEvents = 0;
    m_lastWallMs = m_wall.elapsed();
    updateGeometry();
    fitLabels();
}

QString StatusPanel::text() const {
    return QStringList{m_time->text(),     m_state->text(),      m_speed->text(),   m_events->text(),
                       m_switches->text(), m_migrations->text(), m_overhead->text()}
        .join(QStringLiteral("  "));
}

void StatusPanel::refresh() {
    const History& h = m_session.history();
    const SimulationController& c = m_session.controller();
    const auto cursor = m_session.view().cursor();
    m_time->setText(cursor
                        ? tr("t = %1, cursor at %2")
                              .arg(formatNs(h.now(), kEventResolution), formatNs(*cursor, kEventResolution))
                        : tr("t = %1").arg(formatNs(h.now(), kEventResolution)));
    m_state->setText(h.latest().finished ? tr("finished") : c.isRunning() ? tr("running") : tr("paused"));

    const qint64 wallMs = m_wall.elapsed();
    const auto& samples = h.samples();
    const uint64_t events = samples.empty() ? 0 : samples.back().counters.events;
    if (!c.isRunning()) {
        // Paused or finished: nothing is achieved, nothing to measure.
        m_speed->setText(tr("speed %1").arg(speedText(c.speed())));
        m_events->setText(tr("%1 events/s").arg(0));
        m_lastWallMs = wallMs;
        m_lastSim = h.now();
        m_lastEvents = events;
    } else if (wallMs - m_lastWallMs >= 500 || events < m_lastEvents) {
        const double dt = static_cast<double>(wallMs - m_lastWallMs) / 1000.0;
        const auto achieved = static_cast<SimNs>(dt > 0 ? static_cast<double>(h.now() - m_lastSim) / dt : 0);
        // speedText(0) means "as fast as possible"; a run that did not advance achieved nothing.
        m_speed->setText(tr("speed %1 (achieved %2)")
                             .arg(speedText(c.speed()), achieved > 0 ? speedText(achieved) : tr("none")));
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
    // While the run goes on: rates over the last simulated second. Once it finished: over the
    // whole run (what is held of it), so the figures stop describing a moment that has passed.
    const bool finished = h.latest().finished;
    const HistorySample before = finished ? h.runOrigin() : samples[h.sampleAt(now.time - kNsPerSecond)];
    const QString over = finished ? tr("over the whole run") : tr("over the last simulated second");
    m_switches->setToolTip(tr("Context switches per simulated second, %1").arg(over));
    m_migrations->setToolTip(tr("Migrations per simulated second, %1").arg(over));
    m_overhead->setToolTip(tr("Kernel overhead as a share of all CPU time, %1").arg(over));
    const double secs = toSeconds(now.time - before.time);
    const core::Counters& a = now.counters;
    const core::Counters& b = before.counters;
    auto per = [&](uint64_t x, uint64_t y) { return secs > 0 ? static_cast<double>(x - y) / secs : 0.0; };
    m_switches->setText(tr("%1 ctxsw/s").arg(compactNumber(per(a.contextSwitches, b.contextSwitches))));
    m_migrations->setText(tr("%1 mig/s").arg(compactNumber(per(a.migrations, b.migrations))));
    // Kernel overhead as it ran (the dark part of the lanes), not the cost counters: those are
    // charged when an operation starts, so a window can hold costs that run past its end.
    double overhead = 0;
    for (uint32_t cpu = 0; cpu < h.nrCpus(); ++cpu)
        overhead += static_cast<double>(h.lane(cpu).timeWithin(before.time, now.time).overhead);
    const double cpuNs = static_cast<double>(now.time - before.time) * h.nrCpus();
    m_overhead->setText(tr("overhead %1%").arg(cpuNs > 0 ? overhead / cpuNs * 100 : 0, 0, 'f', 2));
    updateGeometry(); // the figures' widths changed: the bar lays itself out again
    fitLabels();
}

} // namespace ui
