#pragma once

namespace opscope::ui {

// Starts the explorer: opens the files named on the command line, or the bundled sample profile.
int runApplication(int argc, char **argv);

// Where the bundled sample profile is (source tree when run from a build, else the install).
const char *sampleProfilePath();

} // namespace opscope::ui
