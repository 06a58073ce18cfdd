// The OpenSSH client as OpScope drives it: argument vectors, batch mode (keys or an agent, never a
// password), the user's own host-key checking, one shared connection per check or run.
#include "remote/ssh_session.h"
#include "opscope/text_util.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace opscope::remote::detail {

namespace {

namespace fs = std::filesystem;

// The last non-empty line ssh or the remote side printed, for failures without a known cause.
std::string lastLine(const std::string &text)
{
    size_t end = text.size();
    while (end > 0) {
        while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' '))
            --end;
        const size_t start = text.find_last_of("\r\n", end == 0 ? 0 : end - 1);
        const size_t from = start == std::string::npos ? 0 : start + 1;
        if (end > from)
            return text.substr(from, end - from);
        if (start == std::string::npos)
            break;
        end = start;
    }
    return {};
}

// `ssh [-F config] [-p port] host`: what the user types to fix a host key or key problem by hand.
std::string manualSshCommand(const SshTarget &target)
{
    pipeline::Argv argv = {"ssh"};
    if (!target.configFile.empty())
        argv.insert(argv.end(), {"-F", target.configFile});
    if (target.port > 0)
        argv.insert(argv.end(), {"-p", std::to_string(target.port)});
    argv.push_back(target.host);
    return displayCommand(argv);
}

} // namespace

pipeline::Argv sshArgv(const SshTarget &target, const std::string &controlPath, const pipeline::Argv &remoteArgv,
                       const pipeline::Argv &extraOptions)
{
    pipeline::Argv argv = {"ssh", "-T",
                           // Never a password or passphrase prompt: keys or an agent, or a clear failure.
                           "-o", "BatchMode=yes",
                           // One connection for every command of the run (and for Cancel's kill).
                           "-o", "ControlMaster=auto", "-o", "ControlPath=" + controlPath, "-o", "ControlPersist=60",
                           // A dead host or network ends the run instead of hanging it.
                           "-o", "ConnectTimeout=20", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=4"};
    if (!target.configFile.empty())
        argv.insert(argv.end(), {"-F", target.configFile});
    if (target.port > 0)
        argv.insert(argv.end(), {"-p", std::to_string(target.port)});
    argv.insert(argv.end(), extraOptions.begin(), extraOptions.end());
    argv.insert(argv.end(), {"--", target.host});
    if (!remoteArgv.empty())
        argv.push_back(remoteCommandLine(remoteArgv));
    return argv;
}

std::string remoteDirectoryArgument(const std::string &directory)
{
    if (directory.empty())
        return "opscope-runs";
    if (directory == "~" || directory == "~/")
        return ".";
    if (directory.rfind("~/", 0) == 0)
        return directory.substr(2);
    return directory;
}

void checkHostName(const std::string &host)
{
    if (host.empty())
        throw pipeline::ToolError("no SSH host was given");
    if (host[0] == '-')
        throw pipeline::ToolError("'" + host + "' is not an SSH host name (it starts with '-')");
    for (unsigned char c : host)
        if (c <= ' ' || c == 0x7f)
            throw pipeline::ToolError("'" + host + "' is not an SSH host name (it has spaces or control characters)");
}

std::string sshFailure(const SshTarget &target, const ProcessResult &result)
{
    const std::string &host = target.host;
    if (!result.started)
        return "ssh could not be started (" + result.startError + "): install the OpenSSH client on this machine";
    const std::string text = result.output + "\n" + result.errorOutput;
    if (result.exitCode == 255 && result.signal == 0 && !result.cancelled) {
        if (contains(text, "Host key verification failed") || contains(text, "HOST IDENTIFICATION HAS CHANGED"))
            return "the host key of " + host +
                   " is not known on this machine or has changed (Host key verification failed). OpScope keeps "
                   "ssh's host key checking: connect once in a terminal with `" +
                   manualSshCommand(target) + "` to check and accept the key, then try again";
        if (contains(text, "Permission denied") || contains(text, "Too many authentication failures"))
            return host +
                   " refused the authentication (Permission denied). OpScope runs ssh in batch mode, with keys or "
                   "an agent and never a password: install your public key on " +
                   host + " (ssh-copy-id) or load it into ssh-agent, and check that `" + manualSshCommand(target) +
                   " true` logs in without a prompt";
        std::string reason;
        if (contains(text, "Could not resolve hostname"))
            reason = "its name could not be resolved (Could not resolve hostname)";
        else if (contains(text, "Connection refused"))
            reason = "the connection was refused (Connection refused): no SSH server listens on that port";
        else if (contains(text, "timed out"))
            reason = "the connection timed out";
        else if (contains(text, "No route to host") || contains(text, "Network is unreachable"))
            reason = "there is no route to it (" + lastLine(text) + ")";
        else if (contains(text, "Connection closed") || contains(text, "Connection reset") ||
                 contains(text, "Broken pipe"))
            reason = "the connection was closed (" + lastLine(text) + ")";
        if (!reason.empty())
            return "cannot reach " + host + ": " + reason + ". Check the host name, the port and the network";
        return "ssh to " + host + " failed (exit 255): " + lastLine(text);
    }
    if (contains(text, "No space left on device"))
        return "the disk is full on " + host +
               " (No space left on device): free space there or choose another "
               "remote directory";
    return {};
}

SshSession::SshSession(const SshTarget &target) : target_(target)
{
    checkHostName(target_.host);
    // The socket lives in a folder only this user can enter; /tmp keeps its path short (sockets are
    // limited to about 100 characters).
    char pattern[] = "/tmp/opscope-ssh-XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
        throw pipeline::ToolError("cannot create a private folder for the SSH connection in /tmp");
    controlDir_ = pattern;
    controlPath_ = controlDir_ + "/%C";
}

SshSession::~SshSession()
{
    std::error_code ec;
    if (!fs::is_empty(controlDir_, ec)) {
        ProcessSpec spec;
        spec.argv = sshArgv(target_, controlPath_, {}, {"-O", "exit"});
        spec.timeout = std::chrono::milliseconds(10000);
        runProcess(spec, {}, {}, std::chrono::milliseconds(1000));
    }
    fs::remove_all(controlDir_, ec);
}

ProcessResult SshSession::run(const pipeline::Argv &remoteArgv, ProcessSpec spec,
                              const std::function<void(std::string_view)> &onLine, const Progress &progress)
{
    spec.argv = command(remoteArgv);
    return runProcess(spec, onLine, progress, std::chrono::milliseconds(2000));
}

} // namespace opscope::remote::detail
