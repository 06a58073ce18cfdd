#pragma once

class QString;

namespace opscope::ui {

class MainWindow;

// Saves a picture of every wizard page into `folder` (wizard-*.png): the capture wizard driven for a
// real CPU capture of examples/mlp.py (so Run and Finish show a real run), and the replay wizard opened
// by a deep dive on blocks.0 of the profile it made (in a main window of its own, not `window`). Without a Python that
// has torch, the pages up to Capture are saved. Used by saveScreenshots (docs/make-screenshots.sh). False when a
// picture could not be written.
bool saveWizardScreenshots(MainWindow &window, const QString &folder);

} // namespace opscope::ui
