#pragma once

#include "controller/sweepseries.h"
#include "scenario/scenariospec.h"

#include <QMainWindow>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;

namespace ui {

class ExportRegistry;
class SweepPlot;

/// File > Open Sweep Results: the results folder of `schedscope-cli sweep` as a chart. The
/// controls pick the metric, the view (Lines: the metric against one axis, a line per value of
/// a second; Heat map: the metric over two axes) and, for every other axis but seed, the value
/// the chart holds it at. A click on a point or a heat-map cell opens that combination's first
/// seed in the main window (cellChosen). The status bar counts the cells finished, failed and
/// missing; the folder's warnings are listed under the controls. File > Export Chart writes the
/// chart (PNG, SVG, PDF) or its points (CSV), as every chart is written.
class SweepWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class View { Lines, HeatMap };

    SweepWindow(core::SweepResults results, const QString& folder, QWidget* parent = nullptr);
    ~SweepWindow() override;

    /// Reads a results folder (`path` is the folder or a file in it, such as its sweep.json)
    /// and opens a window on it; nullptr with the reader's messages ("FILE:LINE: what") when
    /// it cannot be read.
    static SweepWindow* open(const QString& path, QWidget* parent, QStringList& errors);

    const SweepSeries& series() const { return m_series; }
    SweepPlot* plot() const { return m_plot; }
    ExportRegistry* exports() const { return m_exports; }
    const QString& folder() const { return m_folder; }
    /// The line of counts under the chart: "N of M cells, K failed, L missing".
    QString countsText() const;

    void setView(View view);
    /// Shapes cell `cellIndex` as `schedscope-cli run` would and hands it to the main window
    /// (cellChosen); a cell that cannot be shaped is a warning box and nothing more.
    void openCell(size_t cellIndex);

signals:
    /// A cell to run in the main window: its title (the folder, the cell's index, axes and
    /// seed), the scenario shaped for it and the scenario's text with the cell's paths set.
    void cellChosen(const QString& title, const core::ScenarioSpec& spec, const std::string& scenarioText);

private:
    QWidget* createControls();
    void createMenu();
    /// The scenario, the duration, the axes with their numbers of values, the folder.
    QString aboutText() const;
    /// The lines-by and Y combos list every axis but X; held values show for the axes not plotted.
    void updateAxisChoices();
    void replot();

    SweepSeries m_series;
    QString m_folder;
    SweepPlot* m_plot;
    ExportRegistry* m_exports;
    QFormLayout* m_form = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_view = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_linesBy = nullptr;
    QComboBox* m_y = nullptr;
    std::vector<QComboBox*> m_held; ///< per axis of the spec; null for seed
    QLabel* m_heldTitle = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_warnings = nullptr;
    int m_lastX = -1; ///< X before its last change: where a lines-by or Y choice that became X goes
    bool m_updating = false;
};

} // namespace ui
