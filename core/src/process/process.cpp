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

// What the program needs before anything is opened: a command, no Cancel yet, the program found, the working
// directory there. Its full path; empty, with result's startError (and cancelled) set, when it cannot start.
std::string programToStart(const ProcessSpec &spec, const Progress &progress, ProcessResult &result)
{
    if (spec.argv.empty()) {
        result.startError = "empty command";
        return {};
    }
    if (progress.cancelled()) {
        result.cancelled = true;
        result.startError = "cancelled before it started";
        return {};
    }
    std::string program = findExecutable(spec.argv[0]);
    if (program.empty()) {
        result.startError = spec.argv[0] + ": program not found";
        return {};
    }
    if (!spec.workingDirectory.empty() && !std::filesystem::is_directory(spec.workingDirectory)) {
        result.startError = spec.workingDirectory + ": working directory does not exist";
        return {};
    }
    return program;
}

// The child's descriptors, opened before the fork: the files its stdout and stdin are redirected to (-1: none),
// its output pipe, its own stderr pipe where stderr is apart, and the pipe that carries a failed exec's errno
// back (closed by a successful exec).
struct ChildFds {
    int stdoutFile = -1, stdinFile = -1;
    int out[2] = {-1, -1}, err[2] = {-1, -1}, exec[2] = {-1, -1};
    bool separateStderr = false;

    void closeAll()
    {
        for (int *fds : {out, err, exec}) {
            closeFd(fds[0]);
            closeFd(fds[1]);
        }
        closeFd(stdoutFile);
        closeFd(stdinFile);
    }
};

// Opens the redirections and the pipes; false with result's startError set (the call or the file named) and
// nothing left open.
bool openChildFds(const ProcessSpec &spec, ChildFds &fds, ProcessResult &result)
{
    if (!spec.stdoutPath.empty()) {
        fds.stdoutFile = ::open(spec.stdoutPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fds.stdoutFile < 0) {
            result.startError = spec.stdoutPath + ": " + std::strerror(errno);
            return false;
        }
    }
    if (!spec.stdinPath.empty()) {
        fds.stdinFile = ::open(spec.stdinPath.c_str(), O_RDONLY | O_CLOEXEC);
        if (fds.stdinFile < 0) {
            result.startError = spec.stdinPath + ": " + std::strerror(errno);
            closeFd(fds.stdoutFile);
            return false;
        }
    }
    // stderr has a pipe of its own unless it joins stdout's (with stdout in a file, stderr takes that pipe).
    fds.separateStderr = !spec.mergeStderr && fds.stdoutFile < 0;
    if (::pipe2(fds.out, O_CLOEXEC) != 0 || (fds.separateStderr && ::pipe2(fds.err, O_CLOEXEC) != 0) ||
        ::pipe2(fds.exec, O_CLOEXEC) != 0) {
        result.startError = std::string("pipe: ") + std::strerror(errno);
        fds.closeAll();
        return false;
    }
    return true;
}

// The child's side of the fork: its own process group, its descriptors and signals set up, then the program.
// Allocates nothing (all was prepared before the fork); a failure's errno goes back through the exec pipe.
[[noreturn]] void execChild(const std::string &program, char *const argv[], char *const envp[],
                            const std::string &workingDirectory, const ChildFds &fds, pid_t parentPid)
{
    ::setpgid(0, 0); // own process group, so cancel reaches every descendant
    // If OpScope dies without cleaning up (SIGKILL), the workload must not run on unattended.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parentPid)
        ::_exit(127);
    ::dup2(fds.stdoutFile >= 0 ? fds.stdoutFile : fds.out[1], STDOUT_FILENO);
    ::dup2(fds.separateStderr ? fds.err[1] : fds.out[1], STDERR_FILENO);
    const int input = fds.stdinFile >= 0 ? fds.stdinFile : ::open("/dev/null", O_RDONLY);
    if (input >= 0)
        ::dup2(input, STDIN_FILENO);
    // Signals the parent ignores or blocks would otherwise stay so in the workload.
    ::signal(SIGPIPE, SIG_DFL);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (!workingDirectory.empty() && ::chdir(workingDirectory.c_str()) != 0) {
        const int err = errno;
        [[maybe_unused]] auto n = ::write(fds.exec[1], &err, sizeof err);
        ::_exit(127);
    }
    ::execve(program.c_str(), argv, envp);
    const int err = errno;
    [[maybe_unused]] auto n = ::write(fds.exec[1], &err, sizeof err);
    ::_exit(127);
}

// The errno of the child's failed exec (or chdir), read from the exec pipe; 0 when the program runs.
int execError(int &execRead)
{
    int execErrno = 0;
    ssize_t got;
    do {
        got = ::read(execRead, &execErrno, sizeof execErrno);
    } while (got < 0 && errno == EINTR);
    closeFd(execRead);
    return got == sizeof execErrno ? execErrno : 0;
}

// The parent's side of a running child: its output read as it comes (kept, logged, split into lines), Cancel
// and the timeout turned into SIGTERM then SIGKILL to its group, the child reaped; run() returns its wait
// status once it has exited and its output is drained.
class ChildWatch {
public:
    ChildWatch(pid_t pid, const ProcessSpec &spec, ChildFds &fds, const std::function<void(std::string_view)> &onLine,
               const Progress &progress, std::chrono::milliseconds killGrace, ProcessResult &result)
        : pid_(pid), spec_(spec), progress_(progress), killGrace_(killGrace), result_(result), outLines_(onLine),
          errLines_(onLine), fds_{{fds.out[0], POLLIN, 0}, {fds.err[0], POLLIN, 0}},
          watched_(fds.separateStderr ? 2 : 1)
    {
        fds.out[0] = fds.err[0] = -1; // the watch owns them now
        if (!spec.logPath.empty())
            log_.open(spec.logPath, std::ios::app | std::ios::binary);
    }

    int run()
    {
        while (true) {
            stopIfAsked(Clock::now());
            reapIfExited();
            const bool open = fds_[0].fd >= 0 || (watched_ == 2 && fds_[1].fd >= 0);
            if (!open) {
                if (reaped_)
                    break;
                ::usleep(20000);
                continue;
            }
            if (reaped_ && Clock::now() - *exitedAt_ > kDrainGrace)
                break;
            const int ready = ::poll(fds_, watched_, reaped_ ? 50 : 100);
            if (ready < 0 && errno != EINTR)
                break;
            if (ready > 0)
                readReady();
        }
        closeFd(fds_[0].fd);
        closeFd(fds_[1].fd);
        outLines_.finish();
        errLines_.finish();
        if (!reaped_) {
            ::kill(-pid_, SIGKILL);
            ::waitpid(pid_, &status_, 0);
        }
        return status_;
    }

private:
    using Clock = std::chrono::steady_clock;
    // Once the program has exited, output still buffered in the pipes is read for this long; a descendant
    // that keeps them open is not waited for.
    static constexpr std::chrono::milliseconds kDrainGrace{500};

    // Cancel or the timeout: SIGTERM to the group once, SIGKILL after the grace.
    void stopIfAsked(Clock::time_point now)
    {
        const bool stop = progress_.cancelled() || (spec_.timeout && now - startTime_ > *spec_.timeout);
        if (stop && !termSentAt_ && !reaped_) {
            result_.cancelled = progress_.cancelled();
            result_.timedOut = !result_.cancelled;
            ::kill(-pid_, SIGTERM);
            termSentAt_ = now;
        }
        if (termSentAt_ && !killed_ && now - *termSentAt_ > killGrace_) {
            ::kill(-pid_, SIGKILL);
            killed_ = true;
        }
    }

    void reapIfExited()
    {
        if (reaped_)
            return;
        const pid_t w = ::waitpid(pid_, &status_, WNOHANG);
        if (w == pid_ || (w < 0 && errno == ECHILD)) {
            reaped_ = true;
            exitedAt_ = Clock::now();
        }
    }

    // One read from each pipe poll found ready; a pipe at its end (or failing) is closed.
    void readReady()
    {
        for (nfds_t i = 0; i < watched_; ++i) {
            pollfd &fd = fds_[i];
            if (fd.fd < 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fd.fd, buffer_, sizeof buffer_);
            if (n > 0) {
                const std::string_view chunk(buffer_, size_t(n));
                // With stdout in a file, the first pipe carries stderr alone.
                appendLimited(i == 0 && spec_.stdoutPath.empty() ? result_.output : result_.errorOutput, chunk);
                if (log_)
                    log_.write(buffer_, n);
                (i == 0 ? outLines_ : errLines_).feed(chunk);
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                closeFd(fd.fd);
            }
        }
    }

    const pid_t pid_;
    const ProcessSpec &spec_;
    const Progress &progress_;
    const std::chrono::milliseconds killGrace_;
    ProcessResult &result_;
    std::ofstream log_;
    // One splitter per stream: interleaved chunks of stdout and stderr must not mix inside a line.
    LineSplitter outLines_, errLines_;
    pollfd fds_[2];
    const nfds_t watched_;
    const Clock::time_point startTime_ = Clock::now();
    std::optional<Clock::time_point> termSentAt_, exitedAt_;
    bool killed_ = false, reaped_ = false;
    int status_ = 0;
    char buffer_[65536];
};

} // namespace

ProcessResult runProcess(const ProcessSpec &spec, const std::function<void(std::string_view)> &onLine,
                         const Progress &progress, std::chrono::milliseconds killGrace)
{
    ProcessResult result;
    const std::string program = programToStart(spec, progress, result);
    if (program.empty())
        return result;
    ChildFds fds;
    if (!openChildFds(spec, fds, result))
        return result;
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
    if (pid < 0) {
        result.startError = std::string("fork: ") + std::strerror(errno);
        fds.closeAll();
        return result;
    }
    if (pid == 0)
        execChild(program, argv.data(), envp.data(), spec.workingDirectory, fds, parentPid);
    ::setpgid(pid, pid); // also here, so the group exists before any kill(-pid) below
    closeFd(fds.out[1]);
    closeFd(fds.err[1]);
    closeFd(fds.exec[1]);
    closeFd(fds.stdoutFile);
    closeFd(fds.stdinFile);
    if (const int execErrno = execError(fds.exec[0])) {
        ::waitpid(pid, nullptr, 0);
        closeFd(fds.out[0]);
        closeFd(fds.err[0]);
        result.startError = spec.argv[0] + ": " + std::strerror(execErrno);
        return result;
    }
    result.started = true;

    const int status = ChildWatch(pid, spec, fds, onLine, progress, killGrace, result).run();
    // Descendants that outlived the main process (daemonised helpers, background jobs) go too.
    ::kill(-pid, SIGKILL);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

} // namespace opscope
