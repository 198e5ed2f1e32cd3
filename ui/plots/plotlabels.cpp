#include "plots/plotlabels.h"

#include <QHelpEvent>
#include <QPointer>
#include <QToolTip>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

/// Significant digits that show a tick every `step` on an axis reaching `magnitude`: one more
/// than the decimal orders between them, for steps such as 2.5 (QCustomPlot's 'g' format drops
/// the trailing zeros this leaves elsewhere).
int digitsFor(double magnitude, double step) {
    if (step <= 0 || magnitude <= 0)
        return 3;
    const int orders = static_cast<int>(std::floor(std::log10(magnitude)) - std::floor(std::log10(step)));
    return std::clamp(orders + 2, 2, 15);
}

/// fitTitle's state, one per plot: the wordings, the one shown, the tooltip over a shortened one.
class TitleFit : public QObject {
public:
    TitleFit(QCustomPlot& plot, QCPTextElement& title)
        : QObject(&plot)
        , m_plot(plot)
        , m_title(&title) {
        setObjectName(QStringLiteral("titleFit"));
        // The title is the space above the axes: no margin of 15 px under it, and a data area
        // of 24 px (not 50) before the title has to give way on a short plot.
        QCPAxisRect* axes = plot.axisRect();
        QMargins least = axes->minimumMargins();
        least.setTop(4);
        axes->setMinimumMargins(least);
        axes->setMinimumSize(axes->minimumSize().width(), 24);
        plot.installEventFilter(this);
        connect(&plot, &QCustomPlot::afterLayout, this, [this] {
            if (m_title && m_shown + 1 < m_wordings.size() && titleSqueezed(*m_title)) {
                show(m_shown + 1);
                m_plot.replot(QCustomPlot::rpQueuedReplot);
            }
        });
    }
    void setWordings(const QStringList& wordings) {
        m_wordings = wordings.isEmpty() ? QStringList{QString()} : wordings;
        show(0);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* e) override {
        if (watched == &m_plot && e->type() == QEvent::ToolTip && m_title && m_shown > 0) {
            auto* help = static_cast<QHelpEvent*>(e);
            if (m_title->outerRect().contains(help->pos())) {
                QToolTip::showText(help->globalPos(), m_wordings.first(), &m_plot);
                return true;
            }
        }
        return QObject::eventFilter(watched, e);
    }

private:
    void show(qsizetype i) {
        m_shown = i;
        const int width = std::max(80, m_plot.width() - 16);
        m_title->setText(wrapToWidth(m_wordings.at(i), m_title->font(), width));
    }

    QCustomPlot& m_plot;
    QPointer<QCPTextElement> m_title;
    QStringList m_wordings;
    qsizetype m_shown = 0;
};

} // namespace

bool fitTimeAxis(QCPAxis& axis) {
    const QCPRange range = axis.range();
    const int width = std::max(1, axis.axisRect() ? axis.axisRect()->width() : 1);
    const double magnitude = std::max(std::abs(range.lower), std::abs(range.upper));
    const QFontMetrics metrics(axis.tickLabelFont());
    constexpr int kGap = 18; ///< px between two labels at least
    int count = std::max(2, width / 70);
    int digits = 3;
    for (int pass = 0; pass < 3; ++pass) {
        digits = digitsFor(magnitude, range.size() / count);
        // The widest label: every digit, the point and a sign.
        const int label = metrics.horizontalAdvance(QString(digits + 2, QLatin1Char('8')));
        const int fits = std::max(2, width / (label + kGap));
        if (fits >= count)
            break;
        count = fits;
    }
    const bool changed = axis.ticker()->tickCount() != count || axis.numberPrecision() != digits;
    axis.ticker()->setTickCount(count);
    axis.setNumberPrecision(digits);
    return changed;
}

bool fitTickCount(QCPAxis& axis) {
    const bool vertical = axis.orientation() == Qt::Vertical;
    const int length =
        std::max(1, axis.axisRect() ? (vertical ? axis.axisRect()->height() : axis.axisRect()->width()) : 1);
    const QFontMetrics metrics(axis.tickLabelFont());
    const int per = vertical ? 2 * metrics.height() : metrics.horizontalAdvance(QStringLiteral("00000")) + 18;
    const int count = std::clamp(length / per, 1, 5);
    const bool changed = axis.ticker()->tickCount() != count;
    axis.ticker()->setTickCount(count);
    return changed;
}

void followAxes(QCustomPlot& plot, QCPAxis* time, QCPAxis* value) {
    // Before the replot, for the range it draws (the width is the last layout's) ...
    QObject::connect(&plot, &QCustomPlot::beforeReplot, &plot, [time, value] {
        if (time)
            fitTimeAxis(*time);
        if (value)
            fitTickCount(*value);
    });
    // ... and after its layout, once more where the width changed.
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot, time, value] {
        bool changed = time && fitTimeAxis(*time);
        changed = (value && fitTickCount(*value)) || changed;
        if (changed)
            plot.replot(QCustomPlot::rpQueuedReplot);
    });
}

QString wrapToWidth(const QString& text, const QFont& font, int width) {
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

bool wrapAxisLabel(QCPAxis& axis, const QString& text) {
    const int width = axis.axisRect() ? axis.axisRect()->width() : 0;
    const QString wrapped = wrapToWidth(text, axis.labelFont(), std::max(80, width));
    if (wrapped == axis.label())
        return false;
    axis.setLabel(wrapped);
    return true;
}

QString firstThatFits(const QStringList& wordings, const QFont& font, int width) {
    const QFontMetrics metrics(font);
    for (const QString& w : wordings)
        if (metrics.horizontalAdvance(w) <= width)
            return w;
    return wordings.isEmpty() ? QString() : wordings.last();
}

bool titleSqueezed(const QCPTextElement& title) {
    const QCPLayoutElement& element = title; // the size hints are public there
    // Its text's height: the least and the most it asks for (without text the two differ).
    const int needs =
        std::min(element.minimumOuterSizeHint().height(), element.maximumOuterSizeHint().height());
    return title.outerRect().height() < needs;
}

void fitTitle(QCPTextElement& title, const QStringList& wordings) {
    QCustomPlot& plot = *title.parentPlot();
    auto* fit = static_cast<TitleFit*>(
        plot.findChild<QObject*>(QStringLiteral("titleFit"), Qt::FindDirectChildrenOnly));
    if (!fit)
        fit = new TitleFit(plot, title);
    fit->setWordings(wordings);
}

} // namespace ui
