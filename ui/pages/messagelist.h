#pragma once

#include <QMessageBox>
#include <QStringList>

#include <string>
#include <vector>

namespace ui {

/// A message box over a list of messages (a loader's errors, a recording's warnings): `text`
/// first, then the first `shown` messages; all of them under "Show Details..." when there are
/// more. `Modal`: the box blocks until closed (an error the user must read); `Passing`: it opens
/// beside the window and deletes itself when closed (a warning that must not stop the user).
enum class MessageListMode { Modal, Passing };
void showMessageList(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text,
                     const QStringList& messages, int shown, MessageListMode mode);

/// Messages from core, as the list above takes them.
QStringList messageList(const std::vector<std::string>& messages);

} // namespace ui
