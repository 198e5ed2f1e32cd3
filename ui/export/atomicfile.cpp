#include "export/atomicfile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace ui {

QString writeFileAtomically(const QString& path, const std::function<bool(QIODevice&, QString& why)>& write) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("ui", "Cannot write %1: %2").arg(path, file.errorString());
    QString why;
    if (!write(file, why) || file.error() != QFileDevice::NoError) {
        file.cancelWriting();
        if (why.isEmpty())
            why = file.errorString();
        return QCoreApplication::translate("ui", "Cannot write %1: %2").arg(path, why);
    }
    if (!file.commit())
        return QCoreApplication::translate("ui", "Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString writeFileAtomically(const QString& path, const QByteArray& data) {
    return writeFileAtomically(path, [&](QIODevice& d, QString&) { return d.write(data) == data.size(); });
}

} // namespace ui
