#include "pages/pressurepage.h"

#include "export/exportregistry.h"
#include "plots/pressurechart.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ui {

PressurePage::PressurePage(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_chart(new PressureChart(session, this)) {
    // What is plotted, and which lines; two rows, so that the page fits beside the docks in a
    // 1024-pixel window in every language.
    auto* controls = new QHBoxLayout;
    auto* windows = new QHBoxLayout;
    QHBoxLayout* row = controls;
    auto box = [&](const QString& text, bool on, auto apply) {
        auto* b = new QCheckBox(text, this);
        b->setChecked(on);
        connect(b, &QCheckBox::toggled, this, apply);
        row->addWidget(b);
        return b;
    };
    box(tr("cpu"), true, [this](bool on) { m_chart->setResourceShown(PressureChart::Cpu, on); });
    box(tr("memory"), true, [this](bool on) { m_chart->setResourceShown(PressureChart::Memory, on); });
    box(tr("io"), true, [this](bool on) { m_chart->setResourceShown(PressureChart::Io, on); });
    controls->addSpacing(8);
    box(tr("full"), false, [this](bool on) { m_chart->setFullShown(on); });
    controls->addSpacing(16);
    row = windows;
    box(tr("avg10"), true, [this](bool on) { m_chart->setWindowShown(0, on); });
    box(tr("avg60"), false, [this](bool on) { m_chart->setWindowShown(1, on); });
    box(tr("avg300"), false, [this](bool on) { m_chart->setWindowShown(2, on); });
    box(tr("rate"), true, [this](bool on) { m_chart->setWindowShown(PressureChart::kRate, on); })
        ->setToolTip(tr("Share of the last 100 ms stalled, from the stall totals. The kernel's averages "
                        "update every 2 s: before the first update they read 0."));
    windows->addStretch();
    // The hint takes what the first row leaves (the switches alone set the page's minimum
    // width; its tooltip says it whole).
    auto* hint = new QLabel(tr("Select cgroups in the tree to plot them; none selected: the system."), this);
    hint->setEnabled(false);
    hint->setWordWrap(true);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    hint->setToolTip(hint->text());
    controls->addWidget(hint, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addLayout(windows);
    layout->addWidget(m_chart, 1);
}

void PressurePage::addExports(ExportRegistry& exports) {
    exports.add(m_chart);
}

} // namespace ui
