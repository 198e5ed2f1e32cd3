#include "compare/compareside.h"

#include "controller/kerneltext.h"
#include "export/exportregistry.h"
#include "plots/occupancyplot.h"
#include "scenario/loader.h"
#include "scenario/modelselection.h"
#include "scenario/scenariospec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ui {

CompareSide::CompareSide(const QString& letter, QWidget* parent)
    : QWidget(parent)
    , m_letter(letter)
    , m_header(new QLabel)
    , m_modelBox(new QComboBox)
    , m_occupancy(new OccupancyPlot(m_session)) {
    setObjectName(QStringLiteral("side") + letter);
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
    toggles->setColumnStretch(3, 1);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // equal halves of the window
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_header);
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

void CompareSide::openTrace(std::shared_ptr<const ImportedTrace> trace) {
    showSwitches(false);
    m_session.openTrace(std::move(trace));
    updateHeader();
}

void CompareSide::showSwitches(bool visible) {
    m_modelBox->setVisible(visible);
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
    m_header->setText(tr("%1 \u2014 kernel %2, %3")
                          .arg(m_letter, QString::fromUtf8(core::kernelModelInfo(model()).name.data()),
                               optimizationsText()));
}

} // namespace ui
