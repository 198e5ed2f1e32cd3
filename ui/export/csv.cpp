#include "export/csv.h"

#include <QAbstractItemModel>

namespace ui {

void CsvWriter::row(const QStringList& fields) {
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            m_data += ',';
        QString f = fields[i];
        if (f.contains(QLatin1Char(',')) || f.contains(QLatin1Char('"')) || f.contains(QLatin1Char('\n'))) {
            f.replace(QStringLiteral("\""), QStringLiteral("\"\""));
            f = QLatin1Char('"') + f + QLatin1Char('"');
        }
        m_data += f.toUtf8();
    }
    m_data += '\n';
}

namespace {

bool isTree(const QAbstractItemModel& m) {
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.hasChildren(m.index(r, 0)))
            return true;
    return false;
}

void rows(const QAbstractItemModel& m, const QModelIndex& parent, int level, bool tree, CsvWriter& out) {
    for (int r = 0; r < m.rowCount(parent); ++r) {
        QStringList fields;
        if (tree)
            fields << QString::number(level);
        for (int c = 0; c < m.columnCount(parent); ++c)
            fields << m.index(r, c, parent).data().toString();
        out.row(fields);
        if (tree)
            rows(m, m.index(r, 0, parent), level + 1, tree, out);
    }
}

} // namespace

QByteArray modelToCsv(const QAbstractItemModel& model) {
    if (model.columnCount() == 0)
        return {}; // no columns, no data (the Query tab before a query): nothing to write
    CsvWriter out;
    const bool tree = isTree(model);
    QStringList header;
    if (tree)
        header << QStringLiteral("level");
    for (int c = 0; c < model.columnCount(); ++c)
        header << model.headerData(c, Qt::Horizontal).toString();
    out.row(header);
    rows(model, {}, 0, tree, out);
    return out.data();
}

} // namespace ui
