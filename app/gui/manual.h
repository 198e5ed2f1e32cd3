#pragma once

#include <QCommandLineOption>
#include <QList>

#include <string>

/// The manual page schedscope(1), in roff (`schedscope --man`, run at build time): the options
/// are the command line's own, with their English help texts.
std::string guiManual(const QList<QCommandLineOption>& options);
