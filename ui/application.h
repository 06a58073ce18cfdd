#pragma once

#include <QStringList>

#include <functional>

namespace opscope::ui {

class MainWindow;

// Called each time the window has finished opening files, with whether they opened.
using OpenFinished = std::function<void(MainWindow &window, bool opened)>;

// Starts the explorer: opens the files named on the command line, or the bundled sample profile.
// `openFinished` lets another program drive the window (opscope-screenshots saves the documentation's
// pictures and quits).
int runApplication(int argc, char **argv, const OpenFinished &openFinished = {});

// Where the bundled sample profile is (source tree when run from a build, else the install).
const char *sampleProfilePath();
// The files of the bundled sample capture (an nsys export and its ncu rows), empty when not found.
QStringList sampleCaptureFiles();
// What the bundled sample is ("4-block GPT, bf16 inference on an H100") when `paths` are its files
// (the capture or the profile.json), else empty: the window title says so.
QString bundledSampleDescription(const QStringList &paths);

} // namespace opscope::ui
