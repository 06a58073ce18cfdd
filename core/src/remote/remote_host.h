#pragma once
// Preparing a host for checks and runs: the remote directory, OpScope's CLI there (copied when
// asked), the command that starts it, and what its failures mean. Internal to core/src/remote.

#include "remote/ssh_session.h"

#include <stdexcept>
#include <string>

namespace opscope::remote::detail {

// A failure on the host, already in words that name it (a PipelineResult problem, a check's error).
class RemoteFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct HostInfo {
    std::string directory;   // the remote directory, absolute on the host
    std::string machine;     // `uname -m` there
    std::string copiedStamp; // what the last copy of the CLI wrote (empty: none there)
    bool cliCopied = false;  // the CLI and launcher are in <directory>/.opscope
};

// Opens the shared connection, makes <directory>/.opscope/pids on the host and reads its machine
// type. Throws RemoteFailure (unreachable, authentication, host key, disk full) and Cancelled.
HostInfo prepareHost(SshSession &session, const Progress &progress);

// Copies opscope-cli and the launcher package to <directory>/.opscope unless the same copy is
// already there, then checks that it starts. Throws RemoteFailure, pipeline::ToolError (no CLI
// here), Cancelled.
void copyCli(SshSession &session, HostInfo &host, const Progress &progress);

// The argument vector that starts OpScope's CLI on the host: the copy (with OPSCOPE_LAUNCHER_DIR),
// the given path, or `opscope` on the host's PATH.
pipeline::Argv remoteCli(const SshTarget &target, const HostInfo &host);

// The words for a failure of the host's CLI (missing, a C library too old, a library missing, setsid
// missing) or of ssh; empty when none of these.
std::string cliFailure(const SshTarget &target, const HostInfo &host, const ProcessResult &result);

// The commands behind prepareHost and copyCli (run, and shown on the review page): the run area's
// preparation, the local archive of the CLI and launcher (from symlinks in `staging`), and its
// unpacking on the host (archive on stdin).
pipeline::Argv prepareCommand(const std::string &directory);
pipeline::Argv packCliCommand(const std::string &staging, const std::string &archive);
pipeline::Argv unpackCliCommand(const std::string &directory, const std::string &stamp);

// The tar archive the copy sends: opscope-cli and opscope_launcher/ (local paths), and the stamp
// that tells whether the host already has this copy.
struct CliPackage {
    std::string cli;
    std::string launcherDir;
    std::string stamp;
};
CliPackage cliPackage();

} // namespace opscope::remote::detail
