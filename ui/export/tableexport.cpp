#include "export/tableexport.h"

#include "export/csv.h"

#include <QAbstractItemView>

namespace ui {

QWidget* TableExport::exportWidget() {
    return m_view;
}

QByteArray TableExport::csv() const {
    return m_view->model() ? modelToCsv(*m_view->model()) : QByteArray();
}

} // namespace ui
