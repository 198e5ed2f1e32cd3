#pragma once

#include <QList>

class QAction;
class QWidget;

namespace ui {

/// Help > Guide (F1): the window's views, how to open a recording, compare and export, and every
/// key (docs/guide.md, or its translation, embedded), in a non-modal browser window.
void showGuide(QWidget* parent);
/// Help > Scenario Format: the scenario file reference (docs/scenario-format.md, embedded) in a
/// searchable, non-modal browser window.
void showScenarioFormatHelp(QWidget* parent);
/// Help > Keyboard Shortcuts (?): every key of the menus under `menus` (read from their
/// actions, so the list cannot go stale) and the timeline's own keys and mouse, in a non-modal
/// window (one at a time).
void showShortcuts(QWidget* parent, const QList<QAction*>& menus);
/// Help > About: version, what SchedScope simulates, and the five kernel changes with the
/// threads they come from.
void showAbout(QWidget* parent);

} // namespace ui
