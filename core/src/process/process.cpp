#include "opscope/process.h"

#include "opscope/file_util.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace opscope {

namespace {

constexpr size_t kMaxKeptOutput = 16u << 20;

std::vector<std::string> buildEnvironment(const ProcessSpec &spec)
{
    std::map<std::string, std::string> env;
    for (char **e = environ; e && *e; ++e) {
        std::string_view entry(*e);
        const auto eq = entry.find('=');
        if (eq != std::string_view::npos)
            env[std::string(entry.substr(0, eq))] = std::string(entry.substr(eq + 1));
    }
    for (const auto &name : spec.unsetEnv)
        env.erase(name);
    for (const auto &[name, value] : spec.setEnv)
        env[name] = value;
    std::vector<std::string> out;
    out.reserve(env.size());
    for (const auto &[name, value] : env)
        out.push_back(name + "=" + value);
    return out;
}

// Splits incoming bytes into lines and hands complete ones on. A line ends at "\n", "\r\n" or a
// lone "\r" (progress bars of nsys redraw themselves with "\r").
class LineSplitter {
public:
    explicit LineSplitter(const std::function<void(std::string_view)> &onLine) : onLine_(onLine) {}
    void feed(std::string_view bytes)
    {
        pending_.append(bytes);
        size_t start = 0;
        while (true) {
            const size_t end = pending_.find_first_of("\r\n", start);
            if (end == std::string::npos)
                break;
            const bool cr = pending_[end] == '\r';
            if (cr && end + 1 == pending_.size())
                break;                 // perhaps the first half of "\r\n": wait for the next byte
            if (!(cr && end == start)) // a bare redraw "\r" carries no line
                deliver(std::string_view(pending_.data() + start, end - start));
            start = end + (cr && pending_[end + 1] == '\n' ? 2 : 1);
        }
        pending_.erase(0, start);
        if (pending_.size() > kMaxLine) { // a runaway line without an end still reaches the caller
            deliver(pending_);
            pending_.clear();
        }
    }
    void finish()
    {
        if (!pending_.empty() && pending_ != "\r")
            deliver(
                std::string_view(pending_).substr(0, pending_.back() == '\r' ? pending_.size() - 1 : pending_.size()));
        pending_.clear();
    }

private:
    static constexpr size_t kMaxLine = 1u << 20;
    void deliver(std::string_view line)
    {
        if (onLine_)
            onLine_(line);
    }
    const std::function<void(std::string_view)> &onLine_;
    std::string pending_;
};

} // namespace

std::string findExecutable(const std::string &program, const std::vector<std::string> &extraDirs)
{
    if (program.empty())
        return {};
    if (program.find('/') != std::string::npos)
        return isExecutableFile(program) ? program : std::string();
    std::vector<std::string> dirs;
    if (const char *path = std::getenv("PATH")) {
        std::string_view rest(path);
        while (!rest.empty()) {
            const auto colon = rest.find(':');
            dirs.emplace_back(rest.substr(0, colon));
            rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
        }
    }
    dirs.insert(dirs.end(), extraDirs.begin(), extraDirs.end());
    for (const auto &dir : dirs) {
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
        if (isExecutableFile(candidate))
            return candidate;
    }
    return {};
}

std::string displayCommand(const std::vector<std::string> &argv)
{
    std::string out;
    for (const auto &arg : argv) {
        if (!out.empty())
            out += ' ';
        const bool plain = !arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                 "0123456789-_./=:,+@%") == std::string::npos;
        if (plain) {
            out += arg;
            continue;
        }
        out += '\'';
        for (char c : arg)
            out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        out += '\'';
    }
    return out;
}

namespace {

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

void appendLimited(std::string &to, std::string_view chunk)
{
    if (to.size() < kMaxKeptOutput)
        to.append(chunk.substr(0, kMaxKeptOutput - to.size()));
}

} // namespace

ProcessResult runProcess(const ProcessSpec &spec, const std::function<void(std::string_view)> &onLine,
                         const Progress &progress, std::chrono::milliseconds killGrace)
{
    using Clock = std::chrono::steady_clock;
    ProcessResult result;
    if (spec.argv.empty()) {
        result.startError = "empty command";
        return result;
    }
    if (progress.cancelled()) {
        result.cancelled = true;
        result.startError = "cancelled before it started";
        return result;
    }
    const std::string program = findExecutable(spec.argv[0]);
    if (program.empty()) {
        result.startError = spec.argv[0] + ": program not found";
        return result;
    }
    if (!spec.workingDirectory.empty() && !std::filesystem::is_directory(spec.workingDirectory)) {
        result.startError = spec.workingDirectory + ": working directory does not exist";
        return result;
    }
    int stdoutFile = -1;
    if (!spec.stdoutPath.empty()) {
        stdoutFile = ::open(spec.stdoutPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (stdoutFile < 0) {
            result.startError = spec.stdoutPath + ": " + std::strerror(errno);
            return result;
        }
    }
    int stdinFile = -1;
    if (!spec.stdinPath.empty()) {
        stdinFile = ::open(spec.stdinPath.c_str(), O_RDONLY | O_CLOEXEC);
        if (stdinFile < 0) {
            result.startError = spec.stdinPath + ": " + std::strerror(errno);
            closeFd(stdoutFile);
            return result;
        }
    }
    // stderr has a pipe of its own unless it joins stdout's (with stdout in a file, stderr takes that pipe).
    const bool separateStderr = !spec.mergeStderr && stdoutFile < 0;

    int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1}, execPipe[2] = {-1, -1};
    // A pipe or the fork failed: nothing runs; what was opened is closed and the call named.
    const auto startFailed = [&](const char *call) {
        result.startError = std::string(call) + ": " + std::strerror(errno);
        for (int *fds : {outPipe, errPipe, execPipe}) {
            closeFd(fds[0]);
            closeFd(fds[1]);
        }
        closeFd(stdoutFile);
        closeFd(stdinFile);
        return result;
    };
    if (::pipe2(outPipe, O_CLOEXEC) != 0 || (separateStderr && ::pipe2(errPipe, O_CLOEXEC) != 0) ||
        ::pipe2(execPipe, O_CLOEXEC) != 0)
        return startFailed("pipe");
    // Everything the child needs is prepared before fork: no allocation between fork and exec.
    const std::vector<std::string> envStrings = buildEnvironment(spec);
    std::vector<char *> envp, argv;
    for (const auto &e : envStrings)
        envp.push_back(const_cast<char *>(e.c_str()));
    envp.push_back(nullptr);
    for (const auto &a : spec.argv)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t parentPid = ::getpid();

    const pid_t pid = ::fork();
    if (pid < 0)
        return startFailed("fork");
    if (pid == 0) {
        ::setpgid(0, 0); // own process group, so cancel reaches every descendant
        // If OpScope dies without cleaning up (SIGKILL), the workload must not run on unattended.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parentPid)
            ::_exit(127);
        ::dup2(stdoutFile >= 0 ? stdoutFile : outPipe[1], STDOUT_FILENO);
        ::dup2(separateStderr ? errPipe[1] : outPipe[1], STDERR_FILENO);
        const int input = stdinFile >= 0 ? stdinFile : ::open("/dev/null", O_RDONLY);
        if (input >= 0)
            ::dup2(input, STDIN_FILENO);
        // Signals the parent ignores or blocks would otherwise stay so in the workload.
        ::signal(SIGPIPE, SIG_DFL);
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (!spec.workingDirectory.empty() && ::chdir(spec.workingDirectory.c_str()) != 0) {
            const int err = errno;
            [[maybe_unused]] auto n = ::write(execPipe[1], &err, sizeof err);
            ::_exit(127);
        }
        ::execve(program.c_str(), argv.data(), envp.data());
        const int err = errno;
        [[maybe_unused]] auto n = ::write(execPipe[1], &err, sizeof err);
        ::_exit(127);
    }
    ::setpgid(pid, pid); // also here, so the group exists before any kill(-pid) below
    closeFd(outPipe[1]);
    closeFd(errPipe[1]);
    closeFd(execPipe[1]);
    closeFd(stdoutFile);
    closeFd(stdinFile);
    int execErrno = 0;
    ssize_t got;
    do {
        got = ::read(execPipe[0], &execErrno, sizeof execErrno);
    } while (got < 0 && errno == EINTR);
    closeFd(execPipe[0]);
    if (got == sizeof execErrno) {
        ::waitpid(pid, nullptr, 0);
        closeFd(outPipe[0]);
        closeFd(errPipe[0]);
        result.startError = spec.argv[0] + ": " + std::strerror(execErrno);
        return result;
    }
    result.started = true;

    std::ofstream log;
    if (!spec.logPath.empty())
        log.open(spec.logPath, std::ios::app | std::ios::binary);
    // One splitter per stream: interleaved chunks of stdout and stderr must not mix inside a line.
    LineSplitter outLines(onLine), errLines(onLine);
    const auto startTime = Clock::now();
    std::optional<Clock::time_point> termSentAt, exitedAt;
    bool killed = false;
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    const nfds_t watched = separateStderr ? 2 : 1;
    char buffer[65536];
    int status = 0;
    bool reaped = false;
    // Once the program has exited, output still buffered in the pipes is read for this long; a
    // descendant that keeps them open is not waited for.
    const auto drainGrace = std::chrono::milliseconds(500);
    while (true) {
        const auto now = Clock::now();
        const bool stop = progress.cancelled() || (spec.timeout && now - startTime > *spec.timeout);
        if (stop && !termSentAt && !reaped) {
            result.cancelled = progress.cancelled();
            result.timedOut = !result.cancelled;
            ::kill(-pid, SIGTERM);
            termSentAt = now;
        }
        if (termSentAt && !killed && now - *termSentAt > killGrace) {
            ::kill(-pid, SIGKILL);
            killed = true;
        }
        if (!reaped) {
            const pid_t w = ::waitpid(pid, &status, WNOHANG);
            if (w == pid || (w < 0 && errno == ECHILD)) {
                reaped = true;
                exitedAt = Clock::now();
            }
        }
        const bool open = fds[0].fd >= 0 || (watched == 2 && fds[1].fd >= 0);
        if (!open) {
            if (reaped)
                break;
            ::usleep(20000);
            continue;
        }
        if (reaped && Clock::now() - *exitedAt > drainGrace)
            break;
        const int ready = ::poll(fds, watched, reaped ? 50 : 100);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        for (nfds_t i = 0; i < watched; ++i) {
            pollfd &fd = fds[i];
            if (fd.fd < 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fd.fd, buffer, sizeof buffer);
            if (n > 0) {
                const std::string_view chunk(buffer, size_t(n));
                // With stdout in a file, the first pipe carries stderr alone.
                appendLimited(i == 0 && spec.stdoutPath.empty() ? result.output : result.errorOutput, chunk);
                if (log)
                    log.write(buffer, n);
                (i == 0 ? outLines : errLines).feed(chunk);
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                closeFd(fd.fd);
            }
        }
    }
    closeFd(fds[0].fd);
    closeFd(fds[1].fd);
    outLines.finish();
    errLines.finish();
    if (!reaped) {
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &status, 0);
    }
    // Descendants that outlived the main process (daemonised helpers, background jobs) go too.
    ::kill(-pid, SIGKILL);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

} // namespace opscope
