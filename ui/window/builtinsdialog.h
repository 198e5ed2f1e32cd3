#pragma once

#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace ui {

/// File > Open Built-in: the built-in scenarios with each one's description.
class BuiltinsDialog : public QDialog {
    Q_OBJECT
public:
    explicit BuiltinsDialog(QWidget* parent = nullptr);
    /// "builtin:NAME" of the chosen scenario.
    QString chosen() const;

private:
    QListWidget* m_list;
    QTextBrowser* m_text;
};

} // namespace ui
