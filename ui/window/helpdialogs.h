#pragma once

class QWidget;

namespace ui {

/// Help > Scenario Format: the scenario file reference (docs/scenario-format.md, embedded) in a
/// searchable, non-modal browser window.
void showScenarioFormatHelp(QWidget* parent);
/// Help > About: version, what SchedScope simulates, and the five kernel changes with the
/// threads they come from.
void showAbout(QWidget* parent);

} // namespace ui
