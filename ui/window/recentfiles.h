#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace ui {

/// File > Recent: the last opened scenario files, kept in QSettings, newest first.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 10;
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
    void add(const QString& fileOrBuiltin);
    QStringList files() const;

signals:
    void openRequested(const QString& fileOrBuiltin);

private:
    void rebuild();
    QMenu* m_menu;
};

} // namespace ui
