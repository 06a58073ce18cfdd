// The host side of checks and runs: its run area, the copy of OpScope's CLI, and the failures that
// are the host's.
#include "remote/remote_host.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace opscope::remote::detail {

namespace {

namespace fs = std::filesystem;

std::string firstLineWith(const std::string &text, std::string_view needle)
{
    const size_t at = text.find(needle);
    if (at == std::string::npos)
        return {};
    const size_t start = text.rfind('\n', at);
    const size_t end = text.find('\n', at);
    std::string line =
        text.substr(start == std::string::npos ? 0 : start + 1,
                    end == std::string::npos ? std::string::npos : end - (start == std::string::npos ? 0 : start + 1));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.pop_back();
    return line;
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        out.push_back(std::move(line));
        start = end + 1;
    }
    return out;
}

std::string localMachine()
{
    utsname u{};
    return ::uname(&u) == 0 ? u.machine : "";
}

// Private staging folder for the archive; removed with everything in it.
class TempDir {
public:
    TempDir()
    {
        char pattern[] = "/tmp/opscope-upload-XXXXXX";
        if (::mkdtemp(pattern) == nullptr)
            throw RemoteFailure("cannot create a temporary folder in /tmp for the copy of OpScope's CLI");
        path_ = pattern;
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

void throwIfCancelled(const ProcessResult &r, const Progress &progress)
{
    if (r.cancelled || progress.cancelled())
        throw Cancelled();
}

} // namespace

pipeline::Argv prepareCommand(const std::string &directory)
{
    // One command for the run area, its absolute path (later commands and OPSCOPE_LAUNCHER_DIR need
    // it), the machine type (a copied CLI must match) and the stamp of a previous copy, after a
    // marker (a login script may print before it).
    return {"sh", "-c",
            "mkdir -p -- \"$1/.opscope/pids\" && cd -- \"$1\" && echo OPSCOPE-HOST && pwd -P && uname -m && "
            "{ if [ -x .opscope/opscope-cli ]; then cat .opscope/stamp 2>/dev/null; fi; true; }",
            "sh", directory};
}

pipeline::Argv packCliCommand(const std::string &staging, const std::string &archive)
{
    return {"tar",
            "-chf",
            archive,
            "-C",
            staging,
            "--exclude=__pycache__",
            "--exclude=*.pyc",
            "opscope-cli",
            "opscope_launcher"};
}

pipeline::Argv unpackCliCommand(const std::string &directory, const std::string &stamp)
{
    // Unpacked beside the old copy, then moved into place: a run using the old one keeps working.
    return {"sh",
            "-c",
            "set -e; cd -- \"$1/.opscope\"; rm -rf incoming; mkdir incoming; tar -xf - -C incoming; "
            "rm -rf opscope_launcher; mv incoming/opscope_launcher opscope_launcher; "
            "mv -f incoming/opscope-cli opscope-cli; rmdir incoming; printf '%s\\n' \"$2\" > stamp",
            "sh",
            directory,
            stamp};
}

HostInfo prepareHost(SshSession &session, const Progress &progress)
{
    ProcessSpec spec;
    spec.mergeStderr = false;
    spec.timeout = std::chrono::milliseconds(60000);
    const std::string directory = remoteDirectoryArgument(session.target().remoteDirectory);
    const ProcessResult r = session.run(prepareCommand(directory), spec, {}, progress);
    throwIfCancelled(r, progress);
    if (std::string failure = sshFailure(session.target(), r); !failure.empty())
        throw RemoteFailure(failure);
    std::vector<std::string> out = lines(r.output);
    const auto marker = std::find(out.begin(), out.end(), "OPSCOPE-HOST");
    out.erase(out.begin(), marker == out.end() ? out.end() : marker + 1);
    if (!r.ok() || out.size() < 2 || out[0].empty() || out[0][0] != '/')
        throw RemoteFailure("cannot create the remote directory " + directory + " on " + session.host() + ": " +
                            (r.timedOut                     ? std::string("the host did not answer within 60 s")
                             : lines(r.errorOutput).empty() ? "exit code " + std::to_string(r.exitCode)
                                                            : lines(r.errorOutput).front()));
    HostInfo host;
    host.directory = out[0];
    host.machine = out[1];
    if (out.size() > 2)
        host.copiedStamp = out[2];
    return host;
}

CliPackage cliPackage()
{
    CliPackage package;
    package.cli = findCopyableCli();
    package.launcherDir = pipeline::findLauncherDir();
    // Size and modification time of every file stand for its content: a rebuilt CLI or an edited
    // launcher file changes the stamp, and the copy is made again.
    std::error_code ec;
    auto describe = [&](const fs::path &path) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0)
            return std::string("?");
        return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
               std::to_string(st.st_mtim.tv_nsec);
    };
    std::string launcher;
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(fs::path(package.launcherDir) / "opscope_launcher", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name == "__pycache__") {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec) && it->path().extension() != ".pyc")
            files.push_back(it->path().filename().string() + "=" + describe(it->path()));
    }
    std::sort(files.begin(), files.end());
    for (const auto &f : files)
        launcher += f + ",";
    package.stamp = std::string("opscope-cli ") + OPSCOPE_VERSION + " " + describe(package.cli) + " launcher " +
                    std::to_string(std::hash<std::string>{}(launcher));
    return package;
}

void copyCli(SshSession &session, HostInfo &host, const Progress &progress)
{
    const CliPackage package = cliPackage();
    const std::string here = localMachine();
    if (!host.machine.empty() && !here.empty() && host.machine != here)
        throw RemoteFailure("the machine type of " + session.host() + " is " + host.machine +
                            " (uname -m), this one's is " + here +
                            ": OpScope's CLI cannot be copied there. Install OpScope on " + session.host() +
                            " (cmake -DOPSCOPE_BUILD_GUI=OFF) and give its path");
    if (host.copiedStamp != package.stamp) {
        progress.report(0.0, ProgressStage::Step, "copy cli");
        TempDir staging;
        std::error_code ec;
        fs::create_symlink(package.cli, staging.path() + "/opscope-cli", ec);
        if (!ec)
            fs::create_directory_symlink(package.launcherDir + "/opscope_launcher",
                                         staging.path() + "/opscope_launcher", ec);
        if (ec)
            throw RemoteFailure("cannot stage OpScope's CLI for the copy: " + ec.message());
        const std::string archive = staging.path() + "/upload.tar";
        ProcessSpec tar;
        tar.argv = packCliCommand(staging.path(), archive);
        tar.timeout = std::chrono::milliseconds(120000);
        const ProcessResult packed = runProcess(tar, {}, progress);
        throwIfCancelled(packed, progress);
        if (!packed.ok())
            throw RemoteFailure("cannot pack OpScope's CLI for the copy (tar): " + packed.startError + packed.output);
        ProcessSpec spec;
        spec.stdinPath = archive;
        spec.mergeStderr = false;
        const ProcessResult r = session.run(unpackCliCommand(host.directory, package.stamp), spec, {}, progress);
        throwIfCancelled(r, progress);
        if (std::string failure = sshFailure(session.target(), r); !failure.empty())
            throw RemoteFailure(failure);
        if (!r.ok())
            throw RemoteFailure("copying OpScope's CLI to " + host.directory + "/.opscope on " + session.host() +
                                " failed: " +
                                (lines(r.errorOutput).empty() ? "exit code " + std::to_string(r.exitCode)
                                                              : lines(r.errorOutput).front()));
        host.copiedStamp = package.stamp;
    }
    host.cliCopied = true;
    // A copy that cannot start there (an older C library, a missing shared library) is told now.
    pipeline::Argv version = remoteCli(session.target(), host);
    version.push_back("--version");
    ProcessSpec spec;
    spec.mergeStderr = false;
    spec.timeout = std::chrono::milliseconds(60000);
    const ProcessResult r = session.run(version, spec, {}, progress);
    throwIfCancelled(r, progress);
    if (!r.ok()) {
        const std::string failure = cliFailure(session.target(), host, r);
        throw RemoteFailure(!failure.empty() ? failure
                                             : "the copy of OpScope's CLI does not start on " + session.host() + ": " +
                                                   firstLineWith(r.errorOutput + r.output, ""));
    }
}

pipeline::Argv remoteCli(const SshTarget &target, const HostInfo &host)
{
    if (host.cliCopied)
        return {"env", "OPSCOPE_LAUNCHER_DIR=" + host.directory + "/.opscope",
                host.directory + "/.opscope/opscope-cli"};
    return {target.remoteOpscope.empty() ? std::string("opscope") : target.remoteOpscope};
}

std::string cliFailure(const SshTarget &target, const HostInfo &host, const ProcessResult &result)
{
    if (std::string failure = sshFailure(target, result); !failure.empty())
        return failure;
    const std::string text = result.errorOutput + "\n" + result.output;
    const std::string cli = host.cliCopied ? host.directory + "/.opscope/opscope-cli"
                                           : (target.remoteOpscope.empty() ? "opscope" : target.remoteOpscope);
    const std::string &h = target.host;
    if (contains(text, "GLIBC_") && contains(text, "not found"))
        return "OpScope's CLI (" + cli + ") needs a newer C library than " + h + " has (" +
               firstLineWith(text, "GLIBC_") + "): install OpScope on " + h +
               " (cmake -DOPSCOPE_BUILD_GUI=OFF -DOPSCOPE_STATIC_CLI=ON) and give its path";
    if (contains(text, "error while loading shared libraries"))
        return "OpScope's CLI cannot start on " + h + ": " + firstLineWith(text, "error while loading shared") +
               ". Install that library there (Debian: libsqlite3-0, zlib1g) or install OpScope on " + h;
    if (result.exitCode == 127 || result.exitCode == 126) {
        const std::string notFound = firstLineWith(text, "not found");
        if (contains(notFound, "setsid"))
            return "setsid (util-linux) is not installed on " + h + ": OpScope starts the remote run with it";
        if (host.cliCopied)
            return "the copy of OpScope's CLI at " + cli + " on " + h + " does not start (" +
                   (notFound.empty() ? firstLineWith(text, "") : notFound) + ")";
        return "OpScope's command-line tool was not found on " + h + " (" + cli +
               (target.remoteOpscope.empty() ? " is not on the PATH of a non-interactive ssh command there"
                                             : " does not exist there or is not executable") +
               "): install OpScope there and give the path of its opscope program, or let OpScope copy its CLI "
               "there (copy CLI, --copy-cli)";
    }
    if (contains(text, "unknown command 'doctor'"))
        return "OpScope's CLI on " + h + " (" + cli +
               ") is too old to check the host (it has no doctor command): update it there, or let OpScope copy its "
               "CLI (copy CLI, --copy-cli)";
    return {};
}

} // namespace opscope::remote::detail
