#pragma once

#include <QByteArray>
#include <QStringList>

class QAbstractItemModel;
class QModelIndex;

namespace ui {

/// CSV as RFC 4180 has it: comma separated, CRLF-free (LF), fields with commas, quotes or line
/// breaks quoted with doubled quotes.
class CsvWriter {
public:
    void row(const QStringList& fields);
    const QByteArray& data() const { return m_data; }

private:
    QByteArray m_data;
};

/// A table or tree model as CSV: the header row, then every row's display text; a tree's rows
/// are written depth-first with a leading "level" column.
QByteArray modelToCsv(const QAbstractItemModel& model);

} // namespace ui
