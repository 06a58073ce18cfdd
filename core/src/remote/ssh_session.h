#pragma once
// One SSH connection to a target, shared by every command of a check or a run (ControlMaster in a
// private folder), and what ssh's failures mean in words. Internal to core/src/remote.

#include "opscope/process.h"
#include "opscope/remote.h"

#include <functional>
#include <string>
#include <string_view>

namespace opscope::remote::detail {

// The ssh argument vector that runs `remoteArgv` (quoted into one command line) on the target.
// `controlPath` is the ControlPath of the shared connection; `extraOptions` go before the host.
pipeline::Argv sshArgv(const SshTarget &target, const std::string &controlPath, const pipeline::Argv &remoteArgv,
                       const pipeline::Argv &extraOptions = {});

// The remote directory as the remote shell must get it: empty -> "opscope-runs", "~" and "~/x" are
// relative to the home folder (ssh starts commands there), others as given.
std::string remoteDirectoryArgument(const std::string &directory);

// Throws pipeline::ToolError when `host` cannot be an ssh destination (empty, starts with '-', has
// spaces or control characters): it must never be read as an option.
void checkHostName(const std::string &host);

// What went wrong, in words naming the host, when ssh itself failed (exit 255: unreachable, refused
// authentication, unknown host key) or the remote side reported a full disk; empty otherwise.
std::string sshFailure(const SshTarget &target, const ProcessResult &result);

class SshSession {
public:
    // Makes the private folder for the connection socket; connects on the first command.
    explicit SshSession(const SshTarget &target);
    ~SshSession(); // closes the shared connection (ssh -O exit) and removes the folder
    SshSession(const SshSession &) = delete;
    SshSession &operator=(const SshSession &) = delete;

    const SshTarget &target() const { return target_; }
    const std::string &host() const { return target_.host; }
    pipeline::Argv command(const pipeline::Argv &remoteArgv) const
    {
        return sshArgv(target_, controlPath_, remoteArgv);
    }

    // Runs `remoteArgv` on the host. `spec` may set stdoutPath/stdinPath/timeout/mergeStderr; its argv
    // is replaced by the ssh command.
    ProcessResult run(const pipeline::Argv &remoteArgv, ProcessSpec spec = {},
                      const std::function<void(std::string_view)> &onLine = {}, const Progress &progress = {});

private:
    SshTarget target_;
    std::string controlDir_;
    std::string controlPath_;
};

} // namespace opscope::remote::detail
