#include "compare/compareside.h"

#include "controller/kerneltext.h"
#include "export/exportregistry.h"
#include "plots/occupancyplot.h"
#include "scenario/loader.h"
#include "scenario/machineswap.h"
#include "scenario/modelselection.h"
#include "scenario/scenariospec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace ui {

CompareSide::CompareSide(const QString& letter, QWidget* parent)
    : QWidget(parent)
    , m_letter(letter)
    , m_header(new QLabel)
    , m_modelBox(new QComboBox)
    , m_setup(new QToolButton)
    , m_occupancy(new OccupancyPlot(m_session)) {
    setObjectName(QStringLiteral("side") + letter);
    m_session.controller().setThreadStates(false); // no Threads page here: not worth the memory
    m_occupancy->setExportIdentity(QStringLiteral("occupancy-") + letter.toLower(),
                                   letter + QStringLiteral(": "));
    QFont f = m_header->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_header->setFont(f);
    // The header names every switch that is on: it wraps rather than widening the side (both
    // sides keep one width, whatever their headers say).
    m_header->setWordWrap(true);
    m_header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Two rows (the model and two switches, then three), so that two sides fit a 1280-pixel
    // screen side by side.
    auto* toggles = new QGridLayout;
    toggles->setHorizontalSpacing(10);
    toggles->setVerticalSpacing(2);
    m_modelBox->setObjectName(QStringLiteral("kernelModel"));
    for (const core::KernelModelInfo& m : core::kernelModelCatalog()) {
        m_modelBox->addItem(tr("kernel %1").arg(QString::fromUtf8(m.name.data(), qsizetype(m.name.size()))),
                            int(m.id));
        m_modelBox->setItemData(m_modelBox->count() - 1, kernelModelText(m.id), Qt::ToolTipRole);
    }
    connect(m_modelBox, &QComboBox::activated, this, &CompareSide::modelChosen);
    toggles->addWidget(m_modelBox, 0, 0);
    int slot = 1;
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        auto* box = new QCheckBox(QString::fromUtf8(info.key.data(), qsizetype(info.key.size())));
        box->setObjectName(box->text());
        box->setToolTip(QString::fromUtf8(info.title.data(), qsizetype(info.title.size())));
        m_boxes[size_t(info.id)] = box;
        toggles->addWidget(box, slot / 3, slot % 3);
        ++slot;
        const core::Optimization id = info.id;
        connect(box, &QCheckBox::toggled, this, [this, id](bool on) {
            m_session.controller().setOptimization(id, on);
            updateHeader();
        });
    }
    // Costs and machine of this side only: what a kernel engineer changes next to the model.
    m_setup->setObjectName(QStringLiteral("costsAndMachine"));
    m_setup->setText(tr("Costs && Machine"));
    m_setup->setToolTip(tr("Run this side with measured costs or on another machine"));
    m_setup->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_setup);
    menu->addAction(tr("Costs from File..."), this, [this] { chooseFile(true); });
    menu->addAction(tr("Machine from Host File..."), this, [this] { chooseFile(false); });
    menu->addSeparator();
    menu->addAction(tr("The Scenario's Own Costs and Machine"), this, [this] {
        clearCostsAndHost();
        emit modelChosen();
    });
    m_setup->setMenu(menu);
    toggles->setColumnStretch(3, 1);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // equal halves of the window
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* top = new QHBoxLayout; // the header wraps beside the button, the switches keep their width
    top->addWidget(m_header, 1);
    top->addWidget(m_setup, 0, Qt::AlignTop);
    layout->addLayout(top);
    layout->addLayout(toggles);
    layout->addWidget(m_occupancy, 1);
    updateHeader();
}

void CompareSide::addExports(ExportRegistry& exports) {
    exports.add(m_occupancy);
}

QString CompareSide::open(const core::ScenarioSpec& spec, const std::string& sourceText,
                          core::KernelModel model, const core::OptimizationSet& opts) {
    std::shared_ptr<core::ScenarioSpec> copy;
    std::string text = sourceText;
    QString note;
    const QString name = QString::fromUtf8(core::kernelModelInfo(model).name.data());
    if (model != spec.kernel.model) {
        core::ModelLoad m = core::loadScenarioForModel(sourceText, spec.source, model);
        if (m.result.ok()) {
            copy = std::make_shared<core::ScenarioSpec>(std::move(*m.result.spec));
            copy->duration = spec.duration;
            copy->seed = spec.seed;
            text = std::move(m.result.text);
            if (!m.dropped.empty())
                note =
                    tr("%1 on kernel %2: %n scenario setting(s) dropped (%3)", nullptr, int(m.dropped.size()))
                        .arg(m_letter, name, QString::fromStdString(m.dropped.front().path));
        } else {
            note = tr("%1 cannot run on kernel %2: %3")
                       .arg(m_letter, name,
                            QString::fromStdString(m.result.errors.empty()
                                                       ? std::string("the scenario does not load")
                                                       : m.result.errors.front()));
        }
    }
    if (!copy)
        copy = std::make_shared<core::ScenarioSpec>(spec);
    if (const QString problem = applySetup(*copy); !problem.isEmpty())
        note = note.isEmpty() ? problem : note + QStringLiteral("; ") + problem;
    const core::KernelModel runs = copy->kernel.model;
    const QString runsName = QString::fromUtf8(core::kernelModelInfo(runs).name.data());
    m_modelBox->setCurrentIndex(m_modelBox->findData(int(runs)));
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        const QString fixed = optimizationFixedText(info.id, runs);
        if (fixed.isEmpty())
            copy->optimizations.set(info.id, opts.test(info.id));
        QCheckBox* box = m_boxes[size_t(info.id)];
        const QSignalBlocker block(box);
        box->setChecked(copy->optimizations.test(info.id));
        box->setEnabled(fixed.isEmpty());
        box->setToolTip(fixed.isEmpty() ? QString::fromUtf8(info.title.data(), qsizetype(info.title.size()))
                                        : tr("Not a switch in kernel model %1: %2").arg(runsName, fixed));
    }
    showSwitches(true);
    m_session.open(std::move(copy), text);
    updateHeader();
    return note;
}

QString CompareSide::applySetup(core::ScenarioSpec& spec) const {
    if (m_costs)
        core::applyCosts(spec, *m_costs);
    if (!m_topology)
        return {};
    const std::string problem = core::moveToTopology(spec, *m_topology);
    return problem.empty()
               ? QString()
               : tr("%1 stays on the scenario's machine: %2").arg(m_letter, QString::fromStdString(problem));
}

QString CompareSide::setCostsFile(const QString& path) {
    core::CostsFile costs = core::loadCostsFile(path.toStdString());
    if (!costs.ok())
        return QString::fromStdString(costs.errors.front());
    m_costs = std::move(costs);
    m_costsName = QFileInfo(path).fileName();
    updateHeader();
    return {};
}

QString CompareSide::setHostFile(const QString& path) {
    const core::LoadResult host = core::loadScenarioFile(path.toStdString());
    if (!host.ok())
        return QString::fromStdString(host.errors.empty() ? path.toStdString() + ": cannot be read"
                                                          : host.errors.front());
    m_topology = host.spec->topology;
    m_hostName = QFileInfo(path).fileName();
    updateHeader();
    return {};
}

void CompareSide::clearCostsAndHost() {
    m_costs.reset();
    m_topology.reset();
    m_costsName.clear();
    m_hostName.clear();
    updateHeader();
}

void CompareSide::chooseFile(bool costs) {
    const QString path = QFileDialog::getOpenFileName(
        this, costs ? tr("Costs for %1").arg(m_letter) : tr("Machine for %1").arg(m_letter), QString(),
        tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = costs ? setCostsFile(path) : setHostFile(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, costs ? tr("Cannot use the costs") : tr("Cannot use the machine"),
                             tr("%1 keeps what it ran with.").arg(m_letter) + QStringLiteral("\n\n") + error);
        return;
    }
    emit modelChosen();
}

void CompareSide::openTrace(std::shared_ptr<const ImportedTrace> trace) {
    showSwitches(false);
    m_session.openTrace(std::move(trace));
    updateHeader();
}

void CompareSide::showSwitches(bool visible) {
    m_modelBox->setVisible(visible);
    m_setup->setVisible(visible);
    for (QCheckBox* b : m_boxes)
        b->setVisible(visible);
}

core::KernelModel CompareSide::model() const {
    return static_cast<core::KernelModel>(m_modelBox->currentData().toInt());
}

QString CompareSide::optimizationsText() const {
    QStringList on;
    for (QCheckBox* b : m_boxes)
        if (b->isChecked())
            on << b->text();
    if (on.isEmpty())
        return tr("all optimizations off");
    if (on.size() == int(m_boxes.size()))
        return tr("all optimizations on");
    return tr("on: %1").arg(on.join(QStringLiteral(", ")));
}

void CompareSide::updateHeader() {
    if (const ImportedTrace* t = m_session.trace()) {
        m_header->setText(tr("%1 \u2014 real run: %2 (%3, %n scheduler event(s))", nullptr,
                             int(t->summary.trace ? t->summary.trace->events : 0))
                              .arg(m_letter, QFileInfo(QString::fromStdString(t->path)).fileName(),
                                   QString::fromStdString(t->summary.trace ? t->summary.trace->format : "")));
        return;
    }
    QString setup;
    if (!m_costsName.isEmpty())
        setup += tr(", costs %1").arg(m_costsName);
    if (m_topology)
        setup += tr(", machine %1 (%n CPU(s))", nullptr, int(m_topology->nrCpus())).arg(m_hostName);
    m_header->setText(tr("%1 \u2014 kernel %2%3, %4")
                          .arg(m_letter, QString::fromUtf8(core::kernelModelInfo(model()).name.data()), setup,
                               optimizationsText()));
}

} // namespace ui
