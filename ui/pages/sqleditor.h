#pragma once

#include <QPlainTextEdit>
#include <QStringList>

class QCompleter;
class QStringListModel;

namespace ui {

/// The Query page's SQL editor: a plain-text editor in a fixed-width font that completes table
/// and column names and SQL's words as you type (Tab or Enter takes the completion, Ctrl+Space
/// asks for it), runs the query on Ctrl+Enter, and shows an error at its place: the cursor moves
/// there and the word there is underlined in red until the text changes.
class SqlEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SqlEditor(QWidget* parent = nullptr);
    /// The names completion offers (tables, columns), beside SQL's keywords.
    void setNames(const QStringList& names);
    /// Marks the error at character `position` of the text (-1: none).
    void showError(int position);
    void clearError();

signals:
    void runRequested();

protected:
    void keyPressEvent(QKeyEvent* e) override;

private:
    QString wordBeforeCursor() const;
    void complete(bool force);
    void insertCompletion(const QString& word);

    QCompleter* m_completer;
    QStringListModel* m_words;
};

} // namespace ui
