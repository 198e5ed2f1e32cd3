#pragma once

#include <QList>
#include <QString>

class QCoreApplication;

namespace ui {

/// A user interface language: its code ("" = the system's) and its name in itself.
struct Language {
    QString code;
    QString name;
};

/// System default, English, Deutsch, 简体中文.
QList<Language> languages();
/// The chosen language code (QSettings "language"), "" for the system's.
QString savedLanguage();
void saveLanguage(const QString& code);
/// Installs the translators for `code` ("" = the system locale): SchedScope's own (embedded
/// under :/i18n) and Qt's for its standard dialogs when available, replacing those a previous
/// call installed. Returns the locale loaded ("en" when English is used).
QString installTranslators(QCoreApplication& app, const QString& code);

} // namespace ui
