#pragma once

#include "export/exportable.h"

namespace ui {

class ThreadsPage;

/// The Threads page's counter tracks as data: every CPU's nr_running and the model's counters
/// (PELT, vruntime, lag, deadline, cpu.max runtime left, pressure), all of them, whether shown
/// or not (core::toCountersCsv). Their pictures are in the page's own export.
class CounterTracksExport : public Exportable {
public:
    explicit CounterTracksExport(ThreadsPage& page)
        : m_page(page) {}
    QString exportName() const override { return QStringLiteral("thread-counters"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override;
    bool hasImage() const override { return false; }
    void renderTo(QPainter&, const QRect&) override {}
    QByteArray csv() const override;
    void bringUpToDate() override;

private:
    ThreadsPage& m_page;
};

} // namespace ui
