// Translations are complete and current: every string in the sources (lupdate run afresh over
// them) has a German and a Simplified Chinese translation, placeholders match, and the
// embedded .qm files load and translate.
#include "base/optimizations.h"
#include "base/trace.h"
#include "controller/kerneltext.h"
#include "models/counterrows.h"
#include "sched/task.h"
#include "window/language.h"

#include <QDialogButtonBox>
#include <QPushButton>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Message {
    QString context;
    QString source;
    QStringList translations; ///< one, or one per numerus form
    QString type;             ///< "", "unfinished", "vanished", "obsolete"
};

QList<Message> readTs(const QString& path, QString& error) {
    QList<Message> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name"))
                context = xml.readElementText();
            else if (name == QLatin1String("message"))
                m = Message{context, {}, {}, {}};
            else if (name == QLatin1String("source"))
                m.source = xml.readElementText();
            else if (name == QLatin1String("translation")) {
                m.type = xml.attributes().value(QLatin1String("type")).toString();
                if (xml.attributes().value(QLatin1String("numerus")).isEmpty()) {
                    // Either text, or <numerusform> children.
                    QString text;
                    while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) &&
                           !xml.atEnd()) {
                        xml.readNext();
                        if (xml.isCharacters())
                            text += xml.text();
                        if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                            m.translations << xml.readElementText();
                    }
                    if (m.translations.isEmpty())
                        m.translations << text;
                }
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out << m;
        }
    }
    if (xml.hasError())
        error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

QSet<QString> placeholders(const QString& s) {
    QSet<QString> out;
    static const QRegularExpression re(QStringLiteral("%(?:L?[1-9]|n)"));
    for (auto it = re.globalMatch(s); it.hasNext();)
        out.insert(it.next().captured().remove(QLatin1Char('L')));
    return out;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void complete_data() {
        QTest::addColumn<QString>("lang");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void complete() {
        QFETCH(QString, lang);
        // lupdate afresh over the sources into a copy: strings added since the .ts was last
        // updated show up as unfinished.
        QTemporaryDir dir;
        const QString ts = dir.filePath(QStringLiteral("schedscope_%1.ts").arg(lang));
        QVERIFY(QFile::copy(QStringLiteral(SCHEDSCOPE_SOURCE_DIR "/translations/schedscope_%1.ts").arg(lang),
                            ts));
        QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(SCHEDSCOPE_SOURCE_DIR));
        lupdate.start(QStringLiteral(SCHEDSCOPE_LUPDATE),
                      {QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-obsolete"),
                       QStringLiteral("ui"), QStringLiteral("app/gui"), QStringLiteral("-ts"), ts});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        QString error;
        const QList<Message> messages = readTs(ts, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 200);
        QStringList problems;
        for (const Message& m : messages) {
            const QString where = m.context + QStringLiteral(": \"") + m.source + QLatin1Char('"');
            if (!m.type.isEmpty()) {
                problems << QStringLiteral("%1 is %2").arg(where, m.type);
                continue;
            }
            for (const QString& t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << where + QStringLiteral(" has an empty translation");
                else if (placeholders(t) != placeholders(m.source) &&
                         !(placeholders(m.source).contains(QStringLiteral("%n")) &&
                           placeholders(t) + QSet<QString>{QStringLiteral("%n")} == placeholders(m.source)))
                    problems << QStringLiteral("%1: placeholders differ in \"%2\"").arg(where, t);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 30).join(QLatin1Char('\n'))));
    }

    void embeddedTranslationsLoad() {
        QTranslator de, zh;
        QVERIFY(de.load(QStringLiteral(":/i18n/schedscope_de.qm")));
        QVERIFY(zh.load(QStringLiteral(":/i18n/schedscope_zh_CN.qm")));
        QCOMPARE(de.translate("ui::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(zh.translate("ui::MainWindow", "&File"), QStringLiteral("\u6587\u4ef6(&F)"));
        QVERIFY(!de.translate("ui::CounterModel", "context switches").isEmpty());
    }

    void wordsFromCoreAreTranslated() {
        // In English the table says what core says, so it cannot drift from the engine's names.
        for (uint8_t i = 0; i <= uint8_t(core::TaskState::Dead); ++i)
            QCOMPARE(ui::taskStateText(core::TaskState(i)),
                     QString::fromLatin1(core::taskStateName(core::TaskState(i))));
        for (size_t i = 0; i < core::kMigrationReasonCount; ++i) {
            const std::string_view n = core::migrationReasonName(core::MigrationReason(i));
            QCOMPARE(ui::migrationReasonText(core::MigrationReason(i)),
                     QString::fromLatin1(n.data(), qsizetype(n.size())));
        }
        // The counters: one catalogue in core; the ui holds only its words for translation.
        const auto counters = core::counterCatalog();
        QVERIFY(!*ui::counterText(counters.size())[0]); // no ui words beyond the catalogue
        for (size_t i = 0; i < counters.size(); ++i) {
            QCOMPARE(std::string_view(ui::counterText(i)[0]), counters[i].label);
            QCOMPARE(std::string_view(ui::counterText(i)[1]), counters[i].meaning);
        }
        for (const core::OptimizationInfo& info : core::optimizationCatalog())
            QCOMPARE(ui::optimizationSummaryText(info.id),
                     QString::fromUtf8(info.summary.data(), qsizetype(info.summary.size()))
                         .replace(QLatin1Char('\n'), QLatin1Char(' ')));
        // Kernel models and the reasons an optimization is fixed: the lookup goes by core's
        // text, so an English text that changed in core would show untranslated; caught here.
        QStringList coreTexts;
        for (const core::KernelModelInfo& m : core::kernelModelCatalog()) {
            QCOMPARE(ui::kernelModelText(m.id),
                     QString::fromUtf8(m.description.data(), qsizetype(m.description.size())));
            coreTexts << ui::kernelModelText(m.id);
            for (const core::OptimizationInfo& info : core::optimizationCatalog()) {
                const core::OptimizationApplicability a = core::optimizationApplicability(info.id, m.id);
                QCOMPARE(ui::optimizationFixedText(info.id, m.id),
                         QString::fromUtf8(a.reason.data(), qsizetype(a.reason.size())));
                if (!a.togglable)
                    coreTexts << ui::optimizationFixedText(info.id, m.id);
            }
        }
        // In German every one of them is German.
        const QString code = ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("de"));
        QVERIFY2(code.startsWith(QStringLiteral("de")), qPrintable(code));
        QCOMPARE(ui::taskStateText(core::TaskState::Sleeping), QStringLiteral("schlafend"));
        QVERIFY(!ui::taskStateText(core::TaskState::Running, 3).contains(QStringLiteral(" on ")));
        QVERIFY(ui::taskStateText(core::TaskState::Running, 3).contains(QStringLiteral("cpu3")));
        for (const core::OptimizationInfo& info : core::optimizationCatalog())
            QVERIFY(ui::optimizationSummaryText(info.id) !=
                    QString::fromUtf8(info.summary.data(), qsizetype(info.summary.size()))
                        .replace(QLatin1Char('\n'), QLatin1Char(' ')));
        {
            int i = 0;
            for (const core::KernelModelInfo& m : core::kernelModelCatalog()) {
                QVERIFY(ui::kernelModelText(m.id) != coreTexts[i++]);
                for (const core::OptimizationInfo& info : core::optimizationCatalog())
                    if (!core::optimizationApplicability(info.id, m.id).togglable)
                        QVERIFY2(ui::optimizationFixedText(info.id, m.id) != coreTexts[i++], info.key.data());
            }
        }
        // Qt's own standard buttons too (qt6-translations-l10n, installed by scripts/deps.sh).
        QDialogButtonBox box(QDialogButtonBox::Close | QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Close)->text(), QStringLiteral("Schlie\u00dfen"));
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
        ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void everyLanguageIsOffered() {
        QStringList codes;
        for (const ui::Language& l : ui::languages())
            codes << l.code;
        QCOMPARE(codes, (QStringList{QString(), QStringLiteral("en"), QStringLiteral("de"),
                                     QStringLiteral("zh_CN")}));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
