#pragma once

#include "base/simtime.h"
#include "export/chartexporter.h"

#include <QObject>
#include <QString>
#include <QTimer>

namespace ui {

class MainWindow;

/// `schedscope --export-dir DIR`: runs the open scenario to a simulated time as fast as
/// possible, shows the whole run in every view, waits for the Depth sweep, writes every chart
/// and table in the chosen formats into DIR, prints each path, and quits (exit 0; 1 when a
/// file could not be written or the run did not get there within 10 minutes).
class HeadlessExportJob : public QObject {
    Q_OBJECT
public:
    HeadlessExportJob(MainWindow& window, QString folder, core::SimTime runFor, QList<ExportFormat> formats);
    void start();

private:
    void poll();
    void write();

    MainWindow& m_window;
    QString m_folder;
    core::SimTime m_until;
    QList<ExportFormat> m_formats;
    QTimer m_timer;
    int m_polls = 0;
    int m_settle = 0;
};

} // namespace ui
