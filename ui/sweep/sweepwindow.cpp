#include "sweep/sweepwindow.h"

#include "export/exportregistry.h"
#include "pages/messagelist.h"
#include "pages/windowsize.h"
#include "plots/sweepplot.h"

#include "experiments/sweepspec.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStatusBar>

#include <algorithm>

namespace ui {

namespace {

QComboBox* newCombo(const QString& name) {
    auto* c = new QComboBox;
    c->setObjectName(name);
    // Long metric paths and values must not widen the panel past the chart's room.
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(12);
    return c;
}

} // namespace

SweepWindow::SweepWindow(core::SweepResults results, const QString& folder, QWidget* parent)
    : QMainWindow(parent)
    , m_series(std::move(results))
    , m_folder(folder)
    , m_plot(new SweepPlot)
    , m_exports(new ExportRegistry(this)) {
    setObjectName(QStringLiteral("sweepWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::Window); // a window of its own, also when it has a parent
    setWindowTitle(tr("Sweep results: %1 - SchedScope").arg(QFileInfo(folder).fileName()));

    auto* scroll = new QScrollArea;
    scroll->setWidget(createControls());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    split->addWidget(m_plot);
    split->setStretchFactor(1, 1);
    split->setSizes({290, 810}); // room for an axis name such as topology.cores_per_socket
    split->setChildrenCollapsible(false);
    setCentralWidget(split);

    m_exports->add(m_plot);
    connect(m_exports, &ExportRegistry::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_plot, &SweepPlot::cellClicked, this, &SweepWindow::openCell);
    createMenu();

    m_counts = new QLabel(countsText());
    m_counts->setObjectName(QStringLiteral("sweepCounts"));
    statusBar()->addPermanentWidget(m_counts);
    QStringList warnings;
    for (const std::string& w : m_series.results().warnings)
        warnings << QString::fromStdString(w);
    m_warnings->setText(warnings.isEmpty()
                            ? QString()
                            : tr("Warnings:") + QLatin1Char('\n') + warnings.join(QLatin1Char('\n')));
    m_form->setRowVisible(m_warnings, !warnings.isEmpty());

    updateAxisChoices();
    replot();
    fitToScreen(*this, QSize(1200, 760));
}

SweepWindow::~SweepWindow() = default;

SweepWindow* SweepWindow::open(const QString& path, QWidget* parent, QStringList& errors) {
    const QFileInfo info(path);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    core::SweepResultsLoad load = core::readSweepResults(QDir::toNativeSeparators(folder).toStdString());
    if (!load.ok()) {
        for (const std::string& e : load.errors)
            errors << QString::fromStdString(e);
        return nullptr;
    }
    return new SweepWindow(std::move(*load.results), folder, parent);
}

QWidget* SweepWindow::createControls() {
    auto* panel = new QWidget;
    m_form = new QFormLayout(panel);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const core::SweepSpec& spec = m_series.results().spec;
    m_metric = newCombo(QStringLiteral("sweepMetric"));
    for (const std::string& m : spec.metrics)
        m_metric->addItem(QString::fromStdString(m));
    m_view = newCombo(QStringLiteral("sweepView"));
    m_view->addItem(tr("Lines"));
    m_view->addItem(tr("Heat map"));
    if (m_series.plotAxes().size() < 2)
        if (auto* model = qobject_cast<QStandardItemModel*>(m_view->model())) {
            model->item(1)->setEnabled(false);
            model->item(1)->setToolTip(tr("A heat map needs two axes besides seed"));
        }
    m_x = newCombo(QStringLiteral("sweepX"));
    // X: the axis with the most values; the lines: the next.
    std::vector<size_t> byCount = m_series.plotAxes();
    std::stable_sort(byCount.begin(), byCount.end(), [&spec](size_t a, size_t b) {
        return spec.axes[a].values.size() > spec.axes[b].values.size();
    });
    for (size_t a : m_series.plotAxes())
        m_x->addItem(QString::fromStdString(spec.axes[a].name), static_cast<int>(a));
    m_linesBy = newCombo(QStringLiteral("sweepLinesBy"));
    m_y = newCombo(QStringLiteral("sweepY"));
    if (!byCount.empty())
        m_x->setCurrentIndex(m_x->findData(static_cast<int>(byCount[0])));
    if (byCount.size() > 1) {
        m_linesBy->addItem(QString(), static_cast<int>(byCount[1])); // kept by updateAxisChoices
        m_y->addItem(QString(), static_cast<int>(byCount[1]));
    }
    m_form->addRow(tr("&Metric:"), m_metric);
    m_form->addRow(tr("&View:"), m_view);
    m_form->addRow(tr("&X axis:"), m_x);
    m_form->addRow(tr("&Lines by:"), m_linesBy);
    m_form->addRow(tr("&Y axis:"), m_y);
    m_heldTitle = new QLabel(tr("The other axes, held at:"));
    m_heldTitle->setWordWrap(true);
    m_form->addRow(m_heldTitle);
    m_held.assign(spec.axes.size(), nullptr);
    for (size_t a : m_series.plotAxes()) {
        const QString name = QString::fromStdString(spec.axes[a].name);
        QComboBox* c = newCombo(QStringLiteral("sweepHeld_") + name);
        c->addItems(m_series.valueLabels(a));
        m_form->addRow(name + QLatin1Char(':'), c);
        m_held[a] = c;
        connect(c, &QComboBox::currentIndexChanged, this, &SweepWindow::replot);
    }
    // Under the controls: what the sweep is, then the folder's warnings.
    auto* line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    m_form->addRow(line);
    auto* about = new QLabel(aboutText());
    about->setObjectName(QStringLiteral("sweepAbout"));
    about->setWordWrap(true);
    about->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette quiet = about->palette();
    quiet.setColor(QPalette::WindowText, quiet.color(QPalette::PlaceholderText));
    about->setPalette(quiet);
    m_form->addRow(about);
    m_warnings = new QLabel;
    m_warnings->setObjectName(QStringLiteral("sweepWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(m_warnings);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SweepWindow::replot);
    for (QComboBox* c : {m_view, m_x, m_linesBy, m_y})
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (m_updating)
                return;
            updateAxisChoices();
            replot();
        });
    return panel;
}

QString SweepWindow::aboutText() const {
    const core::SweepSpec& spec = m_series.results().spec;
    QStringList axes;
    for (const core::SweepAxis& a : spec.axes)
        axes << QStringLiteral("%1 (%2)").arg(QString::fromStdString(a.name)).arg(a.values.size());
    QStringList lines;
    if (!spec.scenarioName.empty())
        lines << tr("Scenario: %1").arg(QString::fromStdString(spec.scenarioName));
    if (spec.fixed.forText)
        lines << tr("Each cell runs for %1").arg(QString::fromStdString(*spec.fixed.forText));
    lines << tr("Axes (number of values): %1").arg(axes.join(QStringLiteral(", ")));
    lines << tr("Folder: %1").arg(QDir::toNativeSeparators(m_folder));
    return lines.join(QLatin1Char('\n'));
}

void SweepWindow::createMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Export Chart..."), this,
                    [this] { m_exports->exportWithDialog(m_plot, ExportFormat::Png); })
        ->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addAction(tr("Export &Data as CSV..."), this,
                    [this] { m_exports->exportWithDialog(m_plot, ExportFormat::Csv); });
    file->addSeparator();
    file->addAction(tr("&Close"), this, &QWidget::close)->setShortcut(QKeySequence::Close);
}

QString SweepWindow::countsText() const {
    QString text = tr("%1 of %2 cells, %3 failed, %4 missing")
                       .arg(m_series.finishedCells())
                       .arg(m_series.totalCells())
                       .arg(m_series.failedCells())
                       .arg(m_series.missingCells());
    if (const auto n = static_cast<int>(m_series.results().warnings.size()); n > 0)
        text += QStringLiteral("; ") + tr("%n warning(s)", nullptr, n);
    return text;
}

void SweepWindow::setView(View view) {
    m_view->setCurrentIndex(view == View::HeatMap ? 1 : 0);
}

void SweepWindow::updateAxisChoices() {
    m_updating = true;
    const int x = m_x->currentData().toInt();
    const bool heat = m_view->currentIndex() == 1;
    // The lines-by and Y lists leave X out; a choice that became X takes X's old place.
    auto refill = [this, x](QComboBox* c, bool withNone) {
        const QVariant before = c->currentData();
        int keep = before.isValid() ? before.toInt() : -1;
        if (keep == x)
            keep = m_lastX;
        c->clear();
        if (withNone)
            c->addItem(tr("(none)"), -1);
        for (size_t a : m_series.plotAxes())
            if (static_cast<int>(a) != x)
                c->addItem(QString::fromStdString(m_series.results().spec.axes[a].name), static_cast<int>(a));
        const int i = c->findData(keep);
        c->setCurrentIndex(i >= 0 ? i : (withNone && c->count() > 1 ? 1 : 0));
    };
    refill(m_linesBy, true);
    refill(m_y, false);
    m_lastX = x;
    m_form->setRowVisible(m_linesBy, !heat);
    m_form->setRowVisible(m_y, heat);
    const int second = heat ? m_y->currentData().toInt() : m_linesBy->currentData().toInt();
    bool anyHeld = false;
    for (size_t a = 0; a < m_held.size(); ++a)
        if (m_held[a]) {
            const bool held = static_cast<int>(a) != x && static_cast<int>(a) != second;
            m_form->setRowVisible(m_held[a], held);
            anyHeld = anyHeld || held;
        }
    m_form->setRowVisible(m_heldTitle, anyHeld);
    m_updating = false;
}

void SweepWindow::replot() {
    if (m_updating)
        return;
    const core::SweepSpec& spec = m_series.results().spec;
    SweepPlotLabels labels;
    labels.source = QFileInfo(m_folder).fileName();
    labels.metric = m_metric->currentText();
    if (m_series.plotAxes().empty() || spec.metrics.empty()) {
        m_plot->showLines({}, labels);
        statusBar()->showMessage(tr("This sweep varies only the seed: there is no axis to plot."));
        return;
    }
    const auto x = static_cast<size_t>(m_x->currentData().toInt());
    const bool heat = m_view->currentIndex() == 1 && m_y->count() > 0;
    const int second = heat ? m_y->currentData().toInt() : m_linesBy->currentData().toInt();
    labels.xAxis = QString::fromStdString(spec.axes[x].name);
    if (second >= 0)
        labels.secondAxis = QString::fromStdString(spec.axes[static_cast<size_t>(second)].name);
    std::vector<size_t> held(spec.axes.size(), 0);
    QStringList heldText;
    for (size_t a = 0; a < m_held.size(); ++a)
        if (m_held[a]) {
            held[a] = static_cast<size_t>(std::max(0, m_held[a]->currentIndex()));
            if (a != x && static_cast<int>(a) != second)
                heldText << QStringLiteral("%1 = %2").arg(QString::fromStdString(spec.axes[a].name),
                                                          m_held[a]->currentText());
        }
    labels.held = heldText.join(QStringLiteral(", "));
    const auto metric = static_cast<size_t>(std::max(0, m_metric->currentIndex()));
    if (heat)
        m_plot->showGrid(m_series.grid(metric, x, static_cast<size_t>(second), held), labels);
    else
        m_plot->showLines(
            m_series.lines(metric, x,
                           second >= 0 ? std::optional<size_t>(static_cast<size_t>(second)) : std::nullopt,
                           held),
            labels);
}

void SweepWindow::openCell(size_t cellIndex) {
    const core::SweepSpec& spec = m_series.results().spec;
    if (cellIndex >= spec.cellCount())
        return;
    const core::SweepCell cell = spec.cell(cellIndex);
    const QString which = tr("cell %1 (%2)").arg(cellIndex).arg(m_series.cellText(cellIndex));
    core::ShapedRun shaped = core::shapeCell(spec, cell);
    if (!shaped.ok()) {
        showMessageList(this, QMessageBox::Warning, tr("Cannot open the cell"),
                        tr("The run of %1 cannot be set up; the main window's session goes on.").arg(which),
                        messageList(shaped.errors), 12, MessageListMode::Modal);
        return;
    }
    const core::CellRun run = core::cellRun(spec, cell);
    emit cellChosen(tr("%1, %2").arg(QFileInfo(m_folder).fileName(), which), *shaped.spec, run.scenarioText);
    statusBar()->showMessage(tr("Opened %1 in the main window").arg(which), 15000);
}

} // namespace ui
