#pragma once

#include <QStringList>

namespace opscope::ui {

// Starts the explorer: opens the files named on the command line, or the bundled sample profile.
int runApplication(int argc, char **argv);

// Where the bundled sample profile is (source tree when run from a build, else the install).
const char *sampleProfilePath();
// The files of the bundled sample capture (an nsys export and its ncu rows), empty when not found.
QStringList sampleCaptureFiles();
// What the bundled sample is ("4-block GPT, bf16 inference on an H100") when `paths` are its files
// (the capture or the profile.json), else empty: the window title says so.
QString bundledSampleDescription(const QStringList &paths);

} // namespace opscope::ui
