#pragma once

#include "base/optimizations.h"
#include "controller/session.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QLabel;

namespace ui {

class OccupancyPlot;
class ExportRegistry;

/// One side of the A/B comparison: its own Session (engine on its own thread), the five
/// optimization switches that apply to this side only, and its occupancy timeline.
class CompareSide : public QWidget {
    Q_OBJECT
public:
    CompareSide(const QString& letter, QWidget* parent = nullptr);

    Session& session() { return m_session; }
    /// Registers its occupancy timeline.
    void addExports(ExportRegistry& exports);
    QCheckBox* optimizationBox(core::Optimization o) const { return m_boxes[size_t(o)]; }
    /// Starts `spec` with the optimizations of `opts` (the toggles show them).
    void open(const core::ScenarioSpec& spec, const std::string& sourceText,
              const core::OptimizationSet& opts);
    /// "all off", "all on" or the keys that are on.
    QString optimizationsText() const;

private:
    void updateHeader();

    QString m_letter;
    Session m_session;
    QLabel* m_header;
    std::array<QCheckBox*, core::kOptimizationCount> m_boxes{};
    OccupancyPlot* m_occupancy;
};

} // namespace ui
