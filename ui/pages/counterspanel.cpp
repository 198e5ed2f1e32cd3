#include "pages/counterspanel.h"

#include "controller/session.h"
#include "export/exportregistry.h"
#include "models/countermodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace ui {

CountersPanel::CountersPanel(Session& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new CounterModel(session.history(), session.view(), this))
    , m_table(new QTableView(this))
    , m_scope(new QLabel(this)) {
    m_scope->setObjectName(QStringLiteral("counterScope"));
    m_scope->setWordWrap(true);
    m_scope->setMargin(2);
    m_table->setObjectName(QStringLiteral("counterTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    // The figures always show; a name that does not fit is elided (its tooltip says all).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CounterModel::Name, QHeaderView::Stretch);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->horizontalHeader()->setMinimumSectionSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 4);
    // A long name wraps at its spaces ("overhead:" over "psi_walk_cache_miss") rather than
    // losing its middle; the rows grow to fit.
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAlternatingRowColors(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scope);
    layout->addWidget(m_table);
    connect(&session.view(), &ViewState::cursorChanged, this, [this] { refreshWhenVisible(); });
    followSession(this, session);
}

void CountersPanel::addExports(ExportRegistry& exports) {
    exports.addTable(QStringLiteral("counters"), tr("Counters"), m_table, [this] { refresh(); });
}

void CountersPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitColumns();
}

void CountersPanel::fitColumns() {
    // The names whole first: the longest needs its width beside the total; the rate and the
    // share follow where there is room.
    const QFontMetrics metrics = m_table->fontMetrics();
    int longest = 0; // the longest word of a name: names wrap between words and after hyphens
    for (int r = 0; r < m_model->rowCount(); ++r)
        for (const QString& word : nameWords(m_model->index(r, CounterModel::Name).data().toString()))
            longest = std::max(longest, metrics.horizontalAdvance(word));
    const int pad = 2 * metrics.averageCharWidth() + 6;
    auto figureWidth = [&](int column) {
        int w = metrics.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString());
        for (int r = 0; r < m_model->rowCount(); ++r)
            w = std::max(w, metrics.horizontalAdvance(m_model->index(r, column).data().toString()));
        return w + pad;
    };
    const int room = m_table->viewport()->width() - longest - pad - figureWidth(CounterModel::Total);
    const int rate = figureWidth(CounterModel::PerSecond);
    m_table->setColumnHidden(CounterModel::PerSecond, room < rate);
    m_table->setColumnHidden(CounterModel::Share, room < rate + figureWidth(CounterModel::Share));
}

QStringList CountersPanel::nameWords(QString name) {
    // A line may break at a space, or after a hyphen ("PSI-" over "Gruppenaktualisierungen").
    return name.replace(QLatin1Char('-'), QStringLiteral("- ")).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QString CountersPanel::scopeText() const {
    return m_scope->text();
}

void CountersPanel::refresh() {
    m_model->refresh();
    const History& h = m_session.history();
    const auto cursor = m_session.view().cursor();
    // Which moment the figures are of: the table follows the time cursor where there is one.
    if (cursor && *cursor < h.now())
        m_scope->setText(tr("<b>At the time cursor</b>, %1 (the run is at %2; Esc clears the cursor)")
                             .arg(formatNs(*cursor, kEventResolution), formatNs(h.now(), kEventResolution)));
    else
        m_scope->setText(tr("Totals up to %1").arg(formatNs(h.now(), kEventResolution)));
    fitColumns();
}

} // namespace ui
