#include "pages/counterspanel.h"

#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/countermodel.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace ui {

CountersPanel::CountersPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_model(new CounterModel(session.history(), session.view(), this))
    , m_table(new QTableView(this)) {
    m_table->setObjectName(QStringLiteral("counterTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    // The figures always show; a name that does not fit is elided (its tooltip says all).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CounterModel::Name, QHeaderView::Stretch);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->horizontalHeader()->setMinimumSectionSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 4);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    connect(&session.view(), &ViewState::cursorChanged, this, [this] { refreshWhenVisible(); });
    followSession(this, session);
}

void CountersPanel::addExports(ExportRegistry& exports) {
    exports.addTable(QStringLiteral("counters"), tr("Counters"), m_table, [this] { refresh(); });
}

void CountersPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    m_table->setColumnHidden(CounterModel::Share, width() < fontMetrics().averageCharWidth() * 64);
}

void CountersPanel::refresh() {
    m_model->refresh();
}

} // namespace ui
