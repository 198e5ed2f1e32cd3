#include "pages/detailpanel.h"

#include "controller/kerneltext.h"
#include "controller/session.h"
#include "controller/slicedetails.h"
#include "controller/wakeuptext.h"
#include "scenario/scenariospec.h"
#include "sched/topology.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ui {

DetailPanel::DetailPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_text(new QLabel(this)) {
    setObjectName(QStringLiteral("detailPanel"));
    m_text->setObjectName(QStringLiteral("detailText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setMargin(6);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_text);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    connect(&session.view(), &ViewState::pickChanged, this, [this] { refresh(); });
    followSession(this, session);
}

QString DetailPanel::text() const {
    return m_text->text();
}

void DetailPanel::refresh() {
    const auto& pick = m_session.view().pick();
    const QString html = pick ? describe(*pick)
                              : tr("Click a slice in the occupancy timeline, or a migration in the "
                                   "Migrations table, to see its details here.");
    if (html != m_text->text())
        m_text->setText(html);
}

QString DetailPanel::taskText(uint32_t task) const {
    if (task == UINT32_MAX)
        return tr("the idle task or the stopper");
    const std::string& name = m_session.history().taskName(task);
    return QStringLiteral("<b>%1</b> #%2")
        .arg(name.empty() ? tr("task") : QString::fromStdString(name).toHtmlEscaped())
        .arg(task);
}

QString DetailPanel::cpuText(uint32_t cpu) const {
    const core::Topology* topo = m_session.topology();
    return topo && cpu < topo->nrCpus() ? QString::fromStdString(topo->cpuLabel(core::CpuId(cpu)))
                                        : QStringLiteral("cpu%1").arg(cpu);
}

QString DetailPanel::describeRun(const SliceDetails& d) const {
    const History& h = m_session.history();
    QStringList rows;
    auto row = [&rows](const QString& key, const QString& value) {
        rows << QStringLiteral("<tr><td style='padding-right:10px'><i>%1</i></td><td>%2</td></tr>")
                    .arg(key, value);
    };
    if (d.task == UINT32_MAX) {
        row(tr("Kernel overhead"), tr("on behalf of no task (balancing, idle entry)"));
    } else {
        row(tr("Task"), taskText(d.task));
        const History::TaskClass cls = h.taskClass(d.task);
        if (cls.rt())
            row(tr("Class"), tr("RT, %1 priority %2 (runs before every fair task)")
                                 .arg(cls.policy == core::SchedPolicy::Fifo ? QStringLiteral("SCHED_FIFO")
                                                                            : QStringLiteral("SCHED_RR"))
                                 .arg(cls.rtPriority));
        else
            row(tr("Class"), tr("fair, %1").arg(QString::fromLatin1(core::schedPolicyName(cls.policy))));
        QString cgroup;
        for (const core::CgroupState& c : h.latest().cgroups)
            if (c.id.value() == d.cgroup)
                cgroup = QString::fromStdString(c.path);
        if (!cgroup.isEmpty())
            row(tr("Cgroup"), cgroup.toHtmlEscaped());
    }
    row(tr("CPU"), cpuText(d.cpu));
    // The ends as finely as the run's length needs to tell them apart.
    const SimNs at = resolutionFor(d.end - d.start);
    row(tr("Start"), formatNs(d.start, at));
    row(tr("End"), d.stillRunning ? tr("still running at %1").arg(formatNs(d.end, at)) : formatNs(d.end, at));
    row(tr("Duration"), formatNs(d.end - d.start));
    if (d.task == UINT32_MAX)
        return rows.join(QString());
    if (!d.exact) {
        row(tr("Switches"), tr("not held for this time (older history is kept at reduced resolution)"));
        return rows.join(QString());
    }
    if (d.runnableSince)
        row(tr("Waited"), tr("%1 runnable before it ran (since %2; perf sched timehist: sch delay)")
                              .arg(formatNs(d.start - *d.runnableSince),
                                   formatNs(*d.runnableSince, resolutionFor(d.start - *d.runnableSince))));
    row(tr("Switched in"), tr("replacing %1").arg(taskText(d.switchedInFor)));
    if (!d.stillRunning) {
        QString ended;
        switch (d.endState) {
        case core::TaskState::Runnable:
            ended = tr("preempted by %1 (still runnable)").arg(taskText(d.nextTask));
            break;
        case core::TaskState::Dead:
            ended = tr("exited; %1 ran next").arg(taskText(d.nextTask));
            break;
        default: {
            QString on;
            const auto spec = m_session.spec();
            const QString channel =
                spec && d.channel < spec->channels.size()
                    ? QString::fromStdString(spec->channels[d.channel].name).toHtmlEscaped()
                    : QString::number(d.channel);
            switch (d.blockedOn) {
            case core::BlockReason::Timer:
                on = tr("a timer");
                break;
            case core::BlockReason::ChannelRecv:
                on = tr("a message on channel %1").arg(channel);
                break;
            case core::BlockReason::ChannelSend:
                on = tr("room on channel %1 (it was full)").arg(channel);
                break;
            case core::BlockReason::Children:
                on = tr("its children");
                break;
            case core::BlockReason::None:
                on = tr("an unrecorded reason");
                break;
            }
            ended = tr("blocked (%1) waiting for %2; %3 ran next")
                        .arg(taskStateText(d.endState), on, taskText(d.nextTask));
        }
        }
        row(tr("Ended"), ended);
    }
    if (d.migratedAfter) {
        const core::MigrationRecord& m = *d.migratedAfter;
        row(tr("Then"), tr("migrated %1 \u2192 %2 at %3 (%4)")
                            .arg(cpuText(m.from), cpuText(m.to), formatNs(m.time.count(), at),
                                 migrationReasonText(m.reason)));
    }
    if (d.nextRun)
        row(tr("Next ran"),
            tr("%1 later, at %2")
                .arg(formatNs(*d.nextRun - d.end), formatNs(*d.nextRun, resolutionFor(*d.nextRun - d.end))));
    return rows.join(QString());
}

QString DetailPanel::describeState(const Pick& pick) const {
    const auto& states = m_session.history().latest().threadStates;
    const core::TaskTrack* t = states ? states->find(core::TaskId(pick.task)) : nullptr;
    if (!t)
        return tr("The thread states of %1 are not built yet.").arg(taskText(pick.task));
    QString out;
    const auto it =
        std::upper_bound(t->intervals.begin(), t->intervals.end(), pick.time,
                         [](SimNs v, const core::StateInterval& i) { return v < i.start.count(); });
    if (it != t->intervals.begin() && std::prev(it)->end.count() > pick.time) {
        const core::StateInterval& i = *std::prev(it);
        const QString where =
            i.cpu >= 0 ? tr(" on %1").arg(cpuText(static_cast<uint32_t>(i.cpu))) : QString();
        const SimNs length = i.end.count() - i.start.count();
        out = tr("<p>%1 was <b>%2</b>%3 from %4 to %5 (%6).</p>")
                  .arg(taskText(pick.task), threadStateText(i.state), where,
                       formatNs(i.start.count(), resolutionFor(length)),
                       formatNs(i.end.count(), resolutionFor(length)), formatNs(length));
    }
    const core::WakeupChain chain =
        core::wakeupChain(*states, core::TaskId(pick.task), core::SimTime::ns(pick.time), kWakeupChainDepth);
    const auto spec = m_session.spec();
    const DecidingKernel kernel =
        m_session.trace() || !spec ? DecidingKernel() : DecidingKernel(spec->kernel.model);
    return out + tr("<p><b>Why did it wait?</b></p>") + chainHtml(chain, m_session.history(), kernel);
}

QString DetailPanel::describe(const Pick& pick) const {
    const History& h = m_session.history();
    if (pick.kind == Pick::Kind::State)
        return describeState(pick);
    if (pick.kind == Pick::Kind::Slice) {
        const auto d = describeSlice(h, pick.cpu, pick.time);
        if (!d)
            return tr("%1 was idle at %2.").arg(cpuText(pick.cpu), formatNs(pick.time, kEventResolution));
        return QStringLiteral("<table>%1</table>").arg(describeRun(*d));
    }
    // A migration: the run it left on the source CPU and the one it began on the target.
    const core::MigrationRecord& m = pick.migration;
    QString out = tr("<p><b>Migration</b> of %1: %2 \u2192 %3 at %4 (%5)</p>")
                      .arg(taskText(m.task.value()), cpuText(m.from), cpuText(m.to),
                           formatNs(m.time.count(), kEventResolution), migrationReasonText(m.reason));
    const SimNs t = m.time.count();
    // Before: the task's last run on the source CPU ended at or before the migration.
    std::optional<SliceDetails> before;
    const auto [lo, hi] = h.switchesWithin(0, t + 1);
    for (size_t i = hi, scanned = 0; i > lo && scanned < 1'000'000; --i, ++scanned) {
        const core::SwitchRecord& r = h.switches()[i - 1];
        if (r.cpu == m.from && r.prev == m.task) {
            before = describeSlice(h, m.from, std::max<SimNs>(0, r.time.count() - 1));
            break;
        }
    }
    const std::optional<SliceDetails> after = describeRunAfter(h, m.to, m.task.value(), t);
    out += tr("<p><b>Before</b>, on the source CPU:</p>");
    out += before && before->task == m.task.value()
               ? QStringLiteral("<table>%1</table>").arg(describeRun(*before))
               : tr("<p>not held in the history</p>");
    out += tr("<p><b>After</b>, on the target CPU:</p>");
    out += after && after->task == m.task.value()
               ? QStringLiteral("<table>%1</table>").arg(describeRun(*after))
               : tr("<p>not run there yet</p>");
    return out;
}

} // namespace ui
