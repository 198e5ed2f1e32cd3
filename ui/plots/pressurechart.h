#pragma once

#include "controller/format.h"
#include "export/exportable.h"
#include "plots/liveview.h"

#include <QWidget>

#include <QString>
#include <vector>

class QChartView;
class QLineSeries;
class QValueAxis;

namespace ui {

class Session;

/// PSI averages over time (Qt Charts): some and full for cpu, memory and io, for the selected
/// cgroups (the system when none is selected), on the shared time axis, with the toggle
/// markers as dashed vertical lines. Follows the session, range and selection by itself.
class PressureChart : public QWidget, public Exportable, public LiveView {
    Q_OBJECT
public:
    explicit PressureChart(Session& session, QWidget* parent = nullptr);
    ~PressureChart() override;

    QString exportName() const override { return QStringLiteral("pressure"); }
    QString exportTitle() const override;
    QWidget* exportWidget() override { return this; }
    void renderTo(QPainter& painter, const QRect& target) override;
    /// Every sample in the visible range, one column per series.
    QByteArray csv() const override;

    enum Resource { Cpu = 0, Memory = 1, Io = 2 };
    void setResourceShown(Resource r, bool on);
    void setFullShown(bool on);
    /// avg10 (0), avg60 (1), avg300 (2), and (3) the stall rate over the last 100 ms from the
    /// stall totals: the kernel's averages first change 2 s into a run, the rate at once.
    void setWindowShown(int window, bool on);
    static constexpr int kRate = 3;
    static constexpr SimNs kRateWindow = 100'000'000;

    void bringUpToDate() override { refresh(); }
    void restart() override;
    void refresh() override;
    /// Names of the series drawn (tests, export).
    QStringList seriesNames() const;
    /// The chart's title as drawn (it names the group when only one is shown).
    QString chartTitle() const;

private:
    void rebuildSeries();
    void fillSeries();
    void updateMarkers();
    /// The whole title where the chart is wide enough, else a short one (Qt Charts elides a
    /// title wider than the chart); the whole one is then in the tooltip.
    void fitChartTitle();

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    QString m_wholeTitle, m_shortTitle, m_tip;

    Session& m_session;
    QChartView* m_view;
    QValueAxis* m_x;
    QValueAxis* m_y;
    bool m_resources[3] = {true, true, true};
    bool m_full = false; ///< "some" only by default: six lines whose legend shows whole
    bool m_windows[4] = {true, false, false, true};
    struct Track {
        QLineSeries* series;
        uint32_t cgroup;
        int resource, full, window;
    };
    std::vector<Track> m_tracks;
    std::vector<QLineSeries*> m_markerSeries;
    size_t m_markerCount = SIZE_MAX;
    bool m_dirtySeries = true;
    QString m_subject; ///< the one group shown (in the title), or empty when several are
};

} // namespace ui
