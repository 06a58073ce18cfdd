#pragma once

class QString;

namespace opscope::ui {

class MainWindow;

// The compare window's documentation screenshots (docs/screenshots/compare*.png): the profile open
// in `window` compared, as AFTER, against the baseline files named by the OPSCOPE_SCREENSHOTS_BASELINE
// environment variable (paths separated by ';'), through File > Open as Baseline. Does nothing and
// returns true when the variable is not set. Called by saveScreenshots.
bool saveCompareScreenshots(MainWindow &window, const QString &folder);

} // namespace opscope::ui
