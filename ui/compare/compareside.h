#pragma once

#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "controller/session.h"
#include "scenario/loader.h"

#include <QWidget>

#include <array>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QToolButton;

namespace ui {

class OccupancyPlot;
class ExportRegistry;

/// One side of the A/B comparison: its own Session (engine on its own thread), its kernel model,
/// the five optimization switches that apply to this side only, and its occupancy timeline.
class CompareSide : public QWidget {
    Q_OBJECT
public:
    CompareSide(const QString& letter, QWidget* parent = nullptr);

    Session& session() { return m_session; }
    const Session& session() const { return m_session; }
    /// Registers its occupancy timeline.
    void addExports(ExportRegistry& exports);
    QCheckBox* optimizationBox(core::Optimization o) const { return m_boxes[size_t(o)]; }
    /// Starts `spec` on kernel model `model` (the scenario rewritten for it when it is another
    /// one) with the optimizations of `opts` where that model lets them change; the toggles and
    /// the model box show what runs. Returns what was dropped or why the model could not be
    /// used, for the status bar (empty when nothing needs saying).
    QString open(const core::ScenarioSpec& spec, const std::string& sourceText, core::KernelModel model,
                 const core::OptimizationSet& opts);
    /// Shows a real trace on this side instead of a simulation (A/B against a real run, e.g.
    /// `schedscope-cli reality --keep DIR`'s trace.txt): the kernel model and the switches do
    /// not apply and are hidden.
    void openTrace(std::shared_ptr<const ImportedTrace> trace);
    /// The trace shown, or null when this side simulates.
    const ImportedTrace* trace() const { return m_session.trace(); }
    core::KernelModel model() const;
    QComboBox* modelBox() const { return m_modelBox; }
    /// "all off", "all on" or the keys that are on.
    QString optimizationsText() const;

    /// This side's own costs (a `schedscope-cli calibrate` file) and machine (the topology of a
    /// `schedscope-cli host` file), applied from the next open() on; each returns the error
    /// (naming the file) and changes nothing when the file does not load.
    QString setCostsFile(const QString& path);
    QString setHostFile(const QString& path);
    /// Back to the scenario's own costs and machine.
    void clearCostsAndHost();
    QToolButton* setupButton() const { return m_setup; }

signals:
    /// The user chose another kernel model, costs or machine for this side (the comparison
    /// restarts).
    void modelChosen();

private:
    void updateHeader();
    void showSwitches(bool visible);
    void chooseFile(bool costs);
    /// Applies the side's own costs and machine to `spec`; what could not be applied, or empty.
    QString applySetup(core::ScenarioSpec& spec) const;

    QString m_letter;
    Session m_session;
    QLabel* m_header;
    QComboBox* m_modelBox;
    std::array<QCheckBox*, core::kOptimizationCount> m_boxes{};
    QToolButton* m_setup;
    std::optional<core::CostsFile> m_costs;
    std::optional<core::TopologySpec> m_topology;
    QString m_costsName, m_hostName; ///< file names, for the header
    OccupancyPlot* m_occupancy;
};

} // namespace ui
