#include "controller/session.h"

#include "scenario/loader.h"
#include "scenario/scenariospec.h"

#include <algorithm>

namespace ui {

Session::Session(QObject* parent)
    : QObject(parent) {
    connect(&m_controller, &SimulationController::snapshot, this, &Session::onSnapshot);
    connect(&m_controller, &SimulationController::opened, this, &Session::onOpened);
    connect(&m_frameTimer, &QTimer::timeout, this, &Session::frame);
    setFrameRate(30);
}

void Session::open(std::shared_ptr<const core::ScenarioSpec> spec, std::string sourceText) {
    m_sourceText = std::move(sourceText);
    m_trace.reset();
    m_controller.open(std::move(spec));
}

void Session::openTrace(std::shared_ptr<const ImportedTrace> trace) {
    m_sourceText.clear();
    m_trace = std::move(trace);
    m_controller.openTrace(m_trace->machine); // resets History (onOpened)
    for (const auto& s : m_trace->snapshots)
        onSnapshot(s);
    frame();
}

bool Session::reopenOnModel(core::KernelModel model, std::vector<core::ModelConflict>& dropped,
                            std::string& error) {
    const auto current = spec();
    if (!current || m_sourceText.empty()) {
        error = "the scenario's text is not known";
        return false;
    }
    core::ModelLoad m = core::loadScenarioForModel(m_sourceText, current->source, model);
    if (!m.result.ok()) {
        error = m.result.errors.empty() ? std::string("the scenario does not load") : m.result.errors.front();
        return false;
    }
    dropped = std::move(m.dropped);
    m_keepBookmarks = true; // the same scenario on another model: the user's bookmarks stay
    open(std::make_shared<const core::ScenarioSpec>(std::move(*m.result.spec)), std::move(m.result.text));
    return true;
}

core::SessionSave Session::savedScenario() const {
    if (m_sourceText.empty())
        return {{}, "the scenario's text is not known"};
    // Within the run and the note's limit, as the loader takes them (a bookmark set past the end
    // would make the saved file fail to open).
    std::vector<core::Bookmark> bookmarks;
    const SimNs end = spec() ? spec()->duration.count() : 0;
    for (const Bookmark& b : m_view.bookmarks())
        bookmarks.push_back({core::SimTime::ns(std::clamp<SimNs>(b.at, 0, end)),
                             ViewState::bookmarkNote(b.note).toStdString()});
    return core::scenarioWithTimeline(m_sourceText, m_history.commands(), &bookmarks);
}

void Session::setFrameRate(int fps) {
    m_frameTimer.start(1000 / std::max(1, fps));
}

void Session::onOpened(std::shared_ptr<const core::ScenarioSpec> spec) {
    m_topology.emplace(spec->topology);
    m_history.reset(m_topology->nrCpus());
    m_history.setCpuNumbers(spec->topology.cpuNumbers);
    if (m_trace) // before the views restart: they draw a trace differently
        m_history.markFromTrace();
    m_colors = CgroupColors{};
    m_cgroupCount = 0;
    m_view.clear(spec->duration.count());
    // Another scenario (or a recording) brings its own bookmarks; a restart of the same one
    // keeps those the user added.
    if (m_keepBookmarks) {
        m_keepBookmarks = false;
        m_bookmarksOf = spec.get();
    } else if (spec.get() != m_bookmarksOf) {
        m_bookmarksOf = spec.get();
        std::vector<Bookmark> marks;
        if (!m_trace)
            for (const core::Bookmark& b : spec->bookmarks)
                marks.push_back({b.at.count(), QString::fromStdString(b.note)});
        m_view.setBookmarks(std::move(marks));
    }
    m_dirty = false;
    emit started();
}

void Session::onSnapshot(std::shared_ptr<const core::Snapshot> s) {
    m_history.append(*s);
    if (s->cgroups.size() != m_cgroupCount) {
        m_cgroupCount = s->cgroups.size();
        m_colors.rebuild(s->cgroups);
    }
    m_dirty = true;
}

void Session::frame() {
    if (!m_dirty)
        return;
    m_dirty = false;
    m_view.followTo(m_history.now());
    emit updated();
}

} // namespace ui
