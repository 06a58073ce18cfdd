#include "opscope/process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <sys/stat.h>
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

bool isExecutableFile(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Splits incoming bytes into lines and hands complete ones on.
class LineSplitter {
public:
    explicit LineSplitter(const std::function<void(std::string_view)> &onLine) : onLine_(onLine) {}
    void feed(std::string_view bytes)
    {
        pending_.append(bytes);
        size_t start = 0;
        for (size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1) {
            std::string_view line(pending_.data() + start, nl - start);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (onLine_)
                onLine_(line);
        }
        pending_.erase(0, start);
        // ncu rewrites progress lines with '\r' only: hand those on as lines too.
        if (pending_.size() > 4096 || pending_.find('\r') != std::string::npos) {
            for (size_t cr; (cr = pending_.find('\r')) != std::string::npos;) {
                if (onLine_ && cr > 0)
                    onLine_(std::string_view(pending_.data(), cr));
                pending_.erase(0, cr + 1);
            }
        }
    }
    void finish()
    {
        if (!pending_.empty() && onLine_)
            onLine_(pending_);
        pending_.clear();
    }

private:
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

ProcessResult runProcess(const ProcessSpec &spec, const std::function<void(std::string_view)> &onLine,
                         const Progress &progress, std::chrono::milliseconds killGrace)
{
    ProcessResult result;
    if (spec.argv.empty()) {
        result.startError = "empty command";
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

    int outPipe[2], errPipe[2], execPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) != 0 || ::pipe2(errPipe, O_CLOEXEC) != 0 || ::pipe2(execPipe, O_CLOEXEC) != 0) {
        result.startError = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    // Everything the child needs is prepared before fork: no allocation between fork and exec.
    const std::vector<std::string> envStrings = buildEnvironment(spec);
    std::vector<char *> envp, argv;
    for (const auto &e : envStrings)
        envp.push_back(const_cast<char *>(e.c_str()));
    envp.push_back(nullptr);
    for (const auto &a : spec.argv)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid < 0) {
        result.startError = std::string("fork: ") + std::strerror(errno);
        return result;
    }
    if (pid == 0) {
        ::setpgid(0, 0); // own process group, so cancel reaches every descendant
        ::dup2(outPipe[1], STDOUT_FILENO);
        ::dup2(spec.mergeStderr ? outPipe[1] : errPipe[1], STDERR_FILENO);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            ::dup2(devnull, STDIN_FILENO);
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
    ::setpgid(pid, pid);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    ::close(execPipe[1]);
    int execErrno = 0;
    if (::read(execPipe[0], &execErrno, sizeof execErrno) == sizeof execErrno) {
        ::waitpid(pid, nullptr, 0);
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        ::close(execPipe[0]);
        result.startError = spec.argv[0] + ": " + std::strerror(execErrno);
        return result;
    }
    ::close(execPipe[0]);
    result.started = true;

    std::ofstream log;
    if (!spec.logPath.empty())
        log.open(spec.logPath, std::ios::app | std::ios::binary);
    LineSplitter lines(onLine);
    const auto startTime = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> termSentAt;
    bool killed = false;
    int open = spec.mergeStderr ? 1 : 2;
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    char buffer[65536];
    int status = 0;
    bool reaped = false;
    while (true) {
        const bool stop = progress.cancelled() ||
                          (spec.timeout && std::chrono::steady_clock::now() - startTime > *spec.timeout);
        if (stop && !termSentAt) {
            result.cancelled = progress.cancelled();
            result.timedOut = !result.cancelled;
            ::kill(-pid, SIGTERM);
            termSentAt = std::chrono::steady_clock::now();
        }
        if (termSentAt && !killed && std::chrono::steady_clock::now() - *termSentAt > killGrace) {
            ::kill(-pid, SIGKILL);
            killed = true;
        }
        if (open > 0) {
            const int ready = ::poll(fds, nfds_t(spec.mergeStderr ? 1 : 2), 100);
            if (ready < 0 && errno != EINTR)
                break;
            for (auto &fd : fds) {
                if (fd.fd < 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR)))
                    continue;
                const ssize_t n = ::read(fd.fd, buffer, sizeof buffer);
                if (n > 0) {
                    const std::string_view chunk(buffer, size_t(n));
                    if (result.output.size() < kMaxKeptOutput)
                        result.output.append(chunk.substr(0, kMaxKeptOutput - result.output.size()));
                    if (log)
                        log.write(buffer, n);
                    lines.feed(chunk);
                } else if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
                    ::close(fd.fd);
                    fd.fd = -1;
                    --open;
                }
            }
        } else {
            if (::waitpid(pid, &status, WNOHANG) == pid) {
                reaped = true;
                break;
            }
            ::usleep(20000);
        }
        if (open == 0 && !reaped && ::waitpid(pid, &status, WNOHANG) == pid) {
            reaped = true;
            break;
        }
    }
    for (auto &fd : fds)
        if (fd.fd >= 0)
            ::close(fd.fd);
    lines.finish();
    if (!reaped)
        ::waitpid(pid, &status, 0);
    // Descendants that outlived the main process (daemonised helpers) go too.
    ::kill(-pid, SIGKILL);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

} // namespace opscope
