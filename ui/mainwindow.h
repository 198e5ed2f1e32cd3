#pragma once

#include <QMainWindow>

#include <memory>

namespace core {
struct ScenarioSpec;
}

namespace ui {

/// The application window: assembles pages, docks and actions; holds no simulation logic.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a scenario (a file path or builtin:NAME). On failure shows the loader's messages
    /// and keeps the current session. Returns whether it opened.
    bool openScenario(const QString& fileOrBuiltin);
    QString scenarioName() const;

private:
    void createActions();
    std::shared_ptr<const core::ScenarioSpec> m_spec;
};

} // namespace ui
