#pragma once
class QString;

namespace opscope::ui {

class MainWindow;

// The sweep window's documentation screenshot (docs/screenshots/sweep.png): the sweep folder named by
// the OPSCOPE_SCREENSHOTS_SWEEP environment variable (docs/make-screenshots.sh makes a CPU sweep of
// examples/mlp.py for it), step time against batch with log axes. Does nothing and returns true when
// the variable is not set. Called by saveScreenshots.
bool saveSweepScreenshots(MainWindow &window, const QString &folder);

} // namespace opscope::ui
