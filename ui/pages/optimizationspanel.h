#pragma once

#include "base/optimizations.h"

#include "plots/liveview.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QLabel;

namespace ui {

class Session;

/// The five kernel changes: title, two lines on what changes, the seed thread it comes from,
/// a check box that applies it live at the current simulated time, and a live figure of what
/// it acts on. Follows the session by itself. A change the run's kernel model fixes (merged, or
/// gone, in that kernel) is greyed out with the reason; a recording lists none (no model ran).
class OptimizationsPanel : public QWidget, public LiveView {
    Q_OBJECT
public:
    explicit OptimizationsPanel(Session& session, QWidget* parent = nullptr);
    void restart() override;
    void refresh() override;
    QCheckBox* checkBox(core::Optimization o) const { return m_boxes[static_cast<size_t>(o)]; }
    QString figure(core::Optimization o) const;

private:
    Session& m_session;
    QLabel* m_model;
    std::array<QCheckBox*, core::kOptimizationCount> m_boxes{};
    std::array<QLabel*, core::kOptimizationCount> m_figures{};
    std::array<QLabel*, core::kOptimizationCount> m_fixed{}; ///< why the model fixes it (hidden if not)
    std::array<QWidget*, core::kOptimizationCount> m_rows{}; ///< each change's block (hidden for a recording)
    /// Where the run's model comes from, for the panel's first line: " (set by the scenario)"
    /// or " (the default)".
    QString modelOrigin() const;
};

} // namespace ui
