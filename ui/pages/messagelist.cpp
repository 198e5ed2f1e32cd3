#include "pages/messagelist.h"

namespace ui {

void showMessageList(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text,
                     const QStringList& messages, int shown, MessageListMode mode) {
    auto* box = new QMessageBox(icon, title, text, QMessageBox::Ok, parent);
    box->setInformativeText(messages.mid(0, shown).join(QLatin1Char('\n')));
    if (messages.size() > shown)
        box->setDetailedText(messages.join(QLatin1Char('\n')));
    if (mode == MessageListMode::Modal) {
        box->exec();
        delete box;
        return;
    }
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

QStringList messageList(const std::vector<std::string>& messages) {
    QStringList out;
    out.reserve(qsizetype(messages.size()));
    for (const std::string& m : messages)
        out << QString::fromStdString(m);
    return out;
}

} // namespace ui
