#pragma once

#include "export/exportable.h"

#include <QString>

#include <functional>

class QAbstractItemView;

namespace ui {

/// A table or tree view as an Exportable: CSV of what it shows (filters and sorting applied).
class TableExport : public Exportable {
public:
    /// `bringUpToDate` updates the view's model (the page that shows it knows how); may be empty.
    TableExport(QString name, QString title, QAbstractItemView* view, std::function<void()> bringUpToDate)
        : m_name(std::move(name))
        , m_title(std::move(title))
        , m_view(view)
        , m_bringUpToDate(std::move(bringUpToDate)) {}
    QString exportName() const override { return m_name; }
    QString exportTitle() const override { return m_title; }
    QWidget* exportWidget() override;
    bool hasImage() const override { return false; }
    void renderTo(QPainter&, const QRect&) override {}
    QByteArray csv() const override;
    void bringUpToDate() override {
        if (m_bringUpToDate)
            m_bringUpToDate();
    }

private:
    QString m_name;
    QString m_title;
    QAbstractItemView* m_view;
    std::function<void()> m_bringUpToDate;
};

} // namespace ui
