#pragma once
// A capture or replay request as the arguments of OpScope's CLI on the host. Internal to
// core/src/remote.

#include "opscope/pipeline/cli_options.h"

#include <string>

namespace opscope::remote::detail {

// `capture SCRIPT [options] [-- ARGS]` for the run `name` under `remoteOut`, not imported there
// (it is imported here after the copy) and verbose (every tool line comes back for progress).
// Throws pipeline::ToolError for what the CLI cannot be told (pipeline::captureCliOptions).
pipeline::Argv captureArguments(const pipeline::CaptureRequest &request, const std::string &name,
                                const std::string &remoteOut);

// `replay RUN [options]` for the remote run folder `remoteRun`. Throws pipeline::ToolError for
// options the CLI has no way to pass (pipeline::replayCliOptions).
pipeline::Argv replayArguments(const pipeline::ReplayRequest &request, const std::string &remoteRun);

} // namespace opscope::remote::detail
