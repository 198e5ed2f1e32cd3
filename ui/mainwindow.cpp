#include "mainwindow.h"

#include "scenario.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent) {
    setWindowTitle(tr("SchedScope"));
    auto* placeholder = new QLabel(tr("No scenario"), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    createActions();
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                          tr("Scenarios (*.json);;All files (*)"));
        if (!path.isEmpty())
            openScenario(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
}

bool MainWindow::openScenario(const QString& fileOrBuiltin) {
    core::LoadResult r = core::loadScenario(fileOrBuiltin.toStdString());
    if (!r.ok()) {
        QStringList lines;
        for (const std::string& e : r.errors)
            lines << QString::fromStdString(e);
        QMessageBox::warning(this, tr("Cannot open scenario"), lines.join(QLatin1Char('\n')));
        return false;
    }
    m_spec = std::make_shared<const core::ScenarioSpec>(std::move(*r.spec));
    setWindowTitle(tr("%1 - SchedScope").arg(QString::fromStdString(m_spec->name)));
    if (auto* label = qobject_cast<QLabel*>(centralWidget()))
        label->setText(QString::fromStdString(m_spec->description));
    statusBar()->showMessage(tr("Opened %1").arg(fileOrBuiltin));
    return true;
}

QString MainWindow::scenarioName() const {
    return m_spec ? QString::fromStdString(m_spec->name) : QString();
}

} // namespace ui
