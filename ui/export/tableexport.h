#pragma once

#include "export/exportable.h"

#include <QString>

class QAbstractItemView;

namespace ui {

/// A table or tree view as an Exportable: CSV of what it shows (filters and sorting applied).
class TableExport : public Exportable {
public:
    TableExport(QString name, QString title, QAbstractItemView* view)
        : m_name(std::move(name))
        , m_title(std::move(title))
        , m_view(view) {}
    QString exportName() const override { return m_name; }
    QString exportTitle() const override { return m_title; }
    QWidget* exportWidget() override;
    bool hasImage() const override { return false; }
    void renderTo(QPainter&, const QRect&) override {}
    QByteArray csv() const override;

private:
    QString m_name;
    QString m_title;
    QAbstractItemView* m_view;
};

} // namespace ui
