#pragma once

class QString;
class QWidget;

namespace opscope::ui {

class MainWindow;

// Saves the documentation screenshots of a loaded window into `folder`: the main window on the
// timeline, the module tree with its group expanded, the roofline and the counter panel, and the
// pictures of the compare, sweep and memory views and the wizards when their inputs are given. Used by
// docs/make-screenshots.sh through the OPSCOPE_SCREENSHOTS environment variable.
bool saveScreenshots(MainWindow &window, const QString &folder);

// One widget as a PNG at `path`, after pending events are handled (so it shows its last state); the
// screenshot code of the explorer, the compare window and the wizards all save through it.
bool saveWidgetImage(QWidget *widget, const QString &path);

} // namespace opscope::ui
