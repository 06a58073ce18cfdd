#pragma once

class QString;

namespace opscope::ui {

class MainWindow;

// Saves the documentation screenshots of a loaded window into `folder`: the main window on the
// timeline, the module tree with its group expanded, the roofline and the counter panel. Used by
// docs/make-screenshots.sh through the OPSCOPE_SCREENSHOTS environment variable.
bool saveScreenshots(MainWindow &window, const QString &folder);

} // namespace opscope::ui
