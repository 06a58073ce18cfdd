// Requests as the host's CLI arguments: the host runs the same pipeline through `opscope capture` and
// `opscope replay`, with the options pipeline/cli_options.cpp writes for the request (what differs
// from the CLI's defaults), plus what a remote run needs: the run folder's place on the host, no
// import there, and every tool line back for progress.
#include "remote/cli_args.h"

namespace opscope::remote::detail {

pipeline::Argv captureArguments(const pipeline::CaptureRequest &request, const std::string &name,
                                const std::string &remoteOut)
{
    pipeline::CaptureRequest onHost = request;
    onHost.outDir = pipeline::CaptureRequest().outDir; // given below even when it is the default
    onHost.name = name;
    onHost.importProfile = false;
    pipeline::Argv argv = {"capture", "--out", remoteOut, "--verbose"};
    const pipeline::Argv arguments = pipeline::captureCliArguments(onHost);
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    return argv;
}

pipeline::Argv replayArguments(const pipeline::ReplayRequest &request, const std::string &remoteRun)
{
    pipeline::Argv argv = {"replay", remoteRun, "--verbose"};
    const pipeline::Argv options = pipeline::replayCliOptions(request);
    argv.insert(argv.end(), options.begin(), options.end());
    return argv;
}

} // namespace opscope::remote::detail
