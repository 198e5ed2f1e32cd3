#include "window/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace ui {

namespace {
const QString kKey = QStringLiteral("language");
}

QList<Language> languages() {
    return {{QString(), QCoreApplication::translate("ui::Language", "System default")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("\u7b80\u4f53\u4e2d\u6587")}};
}

QString savedLanguage() {
    return QSettings().value(kKey).toString();
}

void saveLanguage(const QString& code) {
    QSettings().setValue(kKey, code);
}

QString installTranslators(QCoreApplication& app, const QString& code) {
    // The ones installed before go first: the last call decides.
    const QString name = QStringLiteral("schedscopeTranslator");
    for (QTranslator* old : app.findChildren<QTranslator*>(name, Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    auto* own = new QTranslator(&app);
    own->setObjectName(name);
    if (!own->load(locale, QStringLiteral("schedscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    qt->setObjectName(name);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return locale.name();
}

} // namespace ui
