#include "compare/compareside.h"

#include "export/exportregistry.h"
#include "plots/occupancyplot.h"
#include "scenario/scenariospec.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ui {

CompareSide::CompareSide(const QString& letter, QWidget* parent)
    : QWidget(parent)
    , m_letter(letter)
    , m_header(new QLabel)
    , m_occupancy(new OccupancyPlot(m_session)) {
    setObjectName(QStringLiteral("side") + letter);
    m_occupancy->setExportIdentity(QStringLiteral("occupancy-") + letter.toLower(),
                                   letter + QStringLiteral(": "));
    QFont f = m_header->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_header->setFont(f);
    auto* toggles = new QHBoxLayout;
    toggles->setSpacing(10);
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        auto* box = new QCheckBox(QString::fromUtf8(info.key.data(), qsizetype(info.key.size())));
        box->setObjectName(box->text());
        box->setToolTip(QString::fromUtf8(info.title.data(), qsizetype(info.title.size())));
        m_boxes[size_t(info.id)] = box;
        toggles->addWidget(box);
        const core::Optimization id = info.id;
        connect(box, &QCheckBox::toggled, this, [this, id](bool on) {
            m_session.controller().setOptimization(id, on);
            updateHeader();
        });
    }
    toggles->addStretch(1);
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

void CompareSide::open(const core::ScenarioSpec& spec, const std::string& sourceText,
                       const core::OptimizationSet& opts) {
    auto copy = std::make_shared<core::ScenarioSpec>(spec);
    copy->optimizations = opts;
    for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
        QCheckBox* box = m_boxes[size_t(info.id)];
        const QSignalBlocker block(box);
        box->setChecked(opts.test(info.id));
    }
    m_session.open(std::move(copy), sourceText);
    updateHeader();
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
    m_header->setText(tr("%1 \u2014 %2").arg(m_letter, optimizationsText()));
}

} // namespace ui
