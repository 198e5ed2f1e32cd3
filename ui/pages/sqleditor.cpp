#include "pages/sqleditor.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStringListModel>
#include <QTextBlock>

namespace ui {

namespace {

const char* const kKeywords[] = {
    "SELECT",   "FROM",    "WHERE",     "GROUP",    "BY",    "ORDER", "HAVING", "LIMIT",     "JOIN",
    "LEFT",     "USING",   "ON",        "AS",       "AND",   "OR",    "NOT",    "IN",        "IS",
    "NULL",     "BETWEEN", "LIKE",      "DISTINCT", "COUNT", "SUM",   "AVG",    "MIN",       "MAX",
    "WITH",     "UNION",   "ALL",       "CASE",     "WHEN",  "THEN",  "ELSE",   "END",       "DESC",
    "ASC",      "OVER",    "PARTITION", "WINDOW",   "LAG",   "LEAD",  "ROWS",   "UNBOUNDED", "PRECEDING",
    "COALESCE", "EXPLAIN", "QUERY",     "PLAN"};

bool wordChar(QChar c) {
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.');
}

} // namespace

SqlEditor::SqlEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_completer(new QCompleter(this))
    , m_words(new QStringListModel(this)) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    m_completer->setModel(m_words);
    m_completer->setWidget(this);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setModelSorting(QCompleter::CaseInsensitivelySortedModel);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    connect(m_completer, qOverload<const QString&>(&QCompleter::activated), this,
            &SqlEditor::insertCompletion);
    connect(this, &QPlainTextEdit::textChanged, this, &SqlEditor::clearError);
    setNames({});
}

void SqlEditor::setNames(const QStringList& names) {
    QStringList words = names;
    for (const char* k : kKeywords)
        words << QString::fromLatin1(k);
    words.removeDuplicates();
    words.sort(Qt::CaseInsensitive);
    m_words->setStringList(words);
}

QString SqlEditor::wordBeforeCursor() const {
    const QTextCursor c = textCursor();
    const QString line = c.block().text().left(c.positionInBlock());
    int start = static_cast<int>(line.size());
    while (start > 0 && wordChar(line[start - 1]))
        --start;
    return line.mid(start);
}

void SqlEditor::insertCompletion(const QString& word) {
    QTextCursor c = textCursor();
    const QString typed = wordBeforeCursor();
    c.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, static_cast<int>(typed.size()));
    c.insertText(word);
    setTextCursor(c);
}

void SqlEditor::complete(bool force) {
    const QString prefix = wordBeforeCursor();
    if (!force && prefix.size() < 2) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->setCompletionPrefix(prefix);
    if (m_completer->completionCount() == 0 ||
        (m_completer->completionCount() == 1 &&
         m_completer->currentCompletion().compare(prefix, Qt::CaseInsensitive) == 0)) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect r = cursorRect();
    r.setWidth(m_completer->popup()->sizeHintForColumn(0) +
               m_completer->popup()->verticalScrollBar()->sizeHint().width());
    m_completer->complete(r);
}

void SqlEditor::keyPressEvent(QKeyEvent* e) {
    const bool popup = m_completer->popup()->isVisible();
    if (popup &&
        (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter || e->key() == Qt::Key_Tab ||
         e->key() == Qt::Key_Escape) &&
        !(e->modifiers() & Qt::ControlModifier)) {
        e->ignore(); // the popup takes these
        return;
    }
    if ((e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) && (e->modifiers() & Qt::ControlModifier)) {
        m_completer->popup()->hide();
        emit runRequested();
        return;
    }
    if (e->key() == Qt::Key_Space && (e->modifiers() & Qt::ControlModifier)) {
        complete(true);
        return;
    }
    QPlainTextEdit::keyPressEvent(e);
    if (!e->text().isEmpty() && (wordChar(e->text().back()) || e->key() == Qt::Key_Backspace))
        complete(false);
    else
        m_completer->popup()->hide();
}

void SqlEditor::showError(int position) {
    if (position < 0)
        return;
    QTextCursor c(document());
    c.setPosition(std::min(position, document()->characterCount() - 1));
    setTextCursor(c);
    QTextEdit::ExtraSelection mark;
    mark.cursor = c;
    mark.cursor.movePosition(QTextCursor::EndOfWord, QTextCursor::KeepAnchor); // the word there
    if (!mark.cursor.hasSelection()) // not in a word: the next character, or at a line's end the one before
        mark.cursor.movePosition(c.atBlockEnd() ? QTextCursor::Left : QTextCursor::Right,
                                 QTextCursor::KeepAnchor);
    mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    mark.format.setUnderlineColor(QColor(0xd0, 0x20, 0x20));
    setExtraSelections({mark});
    ensureCursorVisible();
    setFocus();
}

void SqlEditor::clearError() {
    if (!extraSelections().isEmpty())
        setExtraSelections({});
}

} // namespace ui
