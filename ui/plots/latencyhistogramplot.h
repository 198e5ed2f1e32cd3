#pragma once

#include "base/latency.h"
#include "export/exportable.h"

#include <QWidget>

#include <functional>

class QCustomPlot;
class QCPBars;
class QCPTextElement;

namespace ui {

/// The distribution of one task's or cgroup's waits (runnable to running) as bars per power of
/// two of the wait, with p50 / p90 / p99 / max written under it. Shown by the Latency tab.
class LatencyHistogramPlot : public QWidget, public Exportable {
    Q_OBJECT
public:
    explicit LatencyHistogramPlot(QWidget* parent = nullptr);
    ~LatencyHistogramPlot() override;

    /// Shows `h` for `who` (a task or cgroup name); `source` names the run in export titles.
    void setHistogram(const core::LatencyHistogram& h, const QString& who, const QString& source);

    QString exportName() const override { return QStringLiteral("latency-histogram"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// One row per bucket of the histogram (finer than the bars): its range in ns and the waits
    /// in it. The percentiles are in the latency table's CSV.
    QByteArray csv() const override;
    /// What brings it up to date before an export (the page that feeds it).
    void setUpdater(std::function<void()> f) { m_updater = std::move(f); }
    void bringUpToDate() override {
        if (m_updater)
            m_updater();
    }
    /// Waits drawn (tests).
    uint64_t drawnCount() const { return m_drawn; }
    /// The figures written above the bars, as drawn (wrapped to the width, shortened where the
    /// plot is too short for them all; tests).
    QString titleText() const;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    /// Wraps the title and the axis label to the plot's width.
    void fitText();

    QCustomPlot* m_plot;
    QCPBars* m_bars;
    QCPTextElement* m_title;
    core::LatencyHistogram m_histogram;
    QString m_who, m_source;
    QString m_titleText;  ///< unwrapped: its parts joined by spaces, each part unbreakable
    QString m_shortTitle; ///< the count and the longest wait, where the whole title has no room
    uint64_t m_drawn = 0;
    std::function<void()> m_updater;
};

} // namespace ui
