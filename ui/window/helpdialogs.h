#pragma once

class QWidget;

namespace ui {

/// Help > Guide (F1): the window's views, how to open a recording, compare and export, and every
/// key (docs/guide.md, or its translation, embedded), in a non-modal browser window.
void showGuide(QWidget* parent);
/// Help > Scenario Format: the scenario file reference (docs/scenario-format.md, embedded) in a
/// searchable, non-modal browser window.
void showScenarioFormatHelp(QWidget* parent);
/// Help > About: version, what SchedScope simulates, and the five kernel changes with the
/// threads they come from.
void showAbout(QWidget* parent);

} // namespace ui
