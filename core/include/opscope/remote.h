#pragma once
// Targets a capture can run on: this machine, or a GPU machine reached with the OpenSSH client.
// A target is checked before anything runs (Python, torch and its CUDA, nsys, ncu, OpScope's CLI,
// with versions), and a remote run drives OpScope's own CLI on the host over one reused SSH
// connection, streams its output back live, copies the run folder into the local output folder and
// imports it here. ssh always runs in batch mode (keys or agent; OpScope never asks for or stores a
// password) and keeps the user's host-key checking.

#include "opscope/pipeline/run.h"
#include "opscope/pipeline/tools.h" // ToolError
#include "opscope/progress.h"
#include "opscope/verify.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace opscope::remote {

struct SshTarget {
    std::string host;            // ssh destination: a Host alias of the config file, or [user@]hostname
    int port = 0;                // 0: the config's or ssh's default
    std::string configFile;      // passed as -F when set; empty: ssh's default (~/.ssh/config)
    std::string remoteDirectory; // run folders are made here on the host; empty: ~/opscope-runs
    std::string remoteOpscope;   // OpScope's CLI on the host; empty: `opscope` on the host's PATH
    bool copyCli = false;        // copy this machine's CLI and launcher to <remoteDirectory>/.opscope first
};

// The Host names of an ssh config file that name one host (no wildcards), following Include lines.
// `configFile` empty: ~/.ssh/config. A missing file gives an empty list.
std::vector<std::string> configuredHosts(const std::string &configFile = {});

// One thing a capture needs on the target.
struct ToolCheck {
    std::string name;    // "python", "torch", "cuda", "nsys", "ncu", "opscope", "launcher"
    bool found = false;  // present and usable
    std::string path;    // where it is (python, nsys, ncu, opscope)
    std::string version; // "3.11.2", "2.1.2+cpu", "12.4 (NVIDIA H100 80GB HBM3)", "2025.3.1.0"
    std::string problem; // why not found / not usable, with the fix; empty when found
};

// What a target has. `error` is set when the target could not be asked at all (host unreachable,
// authentication refused, OpScope's CLI missing there) and names the host and the cause.
struct TargetCheck {
    std::string where; // "this machine" or "gpu-box (ssh)"
    std::vector<ToolCheck> tools;
    std::string error;
    const ToolCheck *tool(std::string_view name) const;
    bool ok() const { return error.empty(); }
    nlohmann::json toJson() const;
    static TargetCheck fromJson(const nlohmann::json &json); // throws std::runtime_error on bad JSON
};

// Checks this machine (what `opscope doctor --json` prints). `python` empty: findPython().
TargetCheck checkLocal(const std::string &python = {}, const std::string &nsys = {}, const std::string &ncu = {});
// Runs `opscope doctor --json` on the host (after copying the CLI when the target asks for it).
// Throws Cancelled when progress is cancelled; every other failure is the result's `error`.
TargetCheck checkRemote(const SshTarget &target, const std::string &python = {}, const Progress &progress = {});

// The command line that runs exactly `argv` on a host whatever the user's login shell there (sh, bash,
// dash, zsh, fish, tcsh): ssh hands the host one string, never a vector. A fixed `sh -c` program decodes
// the arguments, each single-quoted with the bytes outside [A-Za-z0-9_./,:=+@-] written as \ooo (octal),
// which every shell leaves alone inside single quotes (shell_quote.cpp says why).
std::string remoteCommandLine(const std::vector<std::string> &argv);
// One argument as remoteCommandLine writes it: "'a\040b'" for "a b".
std::string encodeRemoteArgument(std::string_view argument);

// OpScope's command-line tool built to be copied to a GPU host (opscope-cli: no Qt, its C++ runtime
// linked in): $OPSCOPE_CLI (the tests set it), next to this program (app/ builds both),
// <prefix>/lib/opscope, /usr[/local]/lib/opscope. Throws pipeline::ToolError naming where it looked.
std::string findCopyableCli();

// A capture (and optionally a replay) to run on a target.
struct RemoteRunRequest {
    pipeline::CaptureRequest capture;              // script and working directory are paths on the host
    std::optional<pipeline::ReplayRequest> replay; // its `run` is filled in from the capture
    std::string localOutDir = "opscope-runs";      // the run folder is copied back under here
};

// The exact commands a remote run executes, for the wizard's review page (display only).
std::vector<pipeline::PlannedCommand> planRemoteRun(const SshTarget &target, const RemoteRunRequest &request);

// Runs capture (and replay) on the host through its CLI, streaming each output line to the callbacks
// (stage "remote capture" / "remote replay" / "copy back"), copies the run folder back into
// request.localOutDir and imports it there (PipelineResult::runDir and profilePath are local paths).
// Cancel (progress) ends the local ssh and the remote process group. Failures (unreachable host,
// refused authentication, a tool missing there, a full disk there) are PipelineResult::problems that
// name the host. Throws Cancelled when cancelled.
pipeline::PipelineResult runRemote(const SshTarget &target, const RemoteRunRequest &request,
                                   const pipeline::StageCallbacks &callbacks = {}, const Progress &progress = {});

// The target a run folder was captured on over SSH (its manifest's "remote" record); nullopt for a run
// made on this machine. Throws FileError for a folder that is no run.
std::optional<SshTarget> capturedOn(const std::string &run);

// `opscope verify` of a run captured over SSH (its manifest's remote.run_dir), on that host: the
// host's CLI runs both arms there (streaming its lines to callbacks.onLine as arm "remote"), and the
// result it stored there is copied back into the local run folder and its profile. --insight is read
// from the local profile. Throws pipeline::ToolError (not a remote run, --profile, the host failed),
// Cancelled.
verify::VerifyResult runRemoteVerify(const SshTarget &target, const verify::VerifyRequest &request,
                                     const verify::VerifyCallbacks &callbacks = {}, const Progress &progress = {});

} // namespace opscope::remote
