#pragma once
// A real OpenSSH server for the remote-capture tests (tst_remote, the capture wizard's GUI test):
// Debian's sshd started on 127.0.0.1 at a free high port, with a host key and a user key generated
// into a temporary folder, and an ssh client config whose Host aliases reach it in the ways the
// tests need:
//   opscope-test            logs in (the generated key, the generated host key in known_hosts)
//   opscope-test-wrongkey   offers a key sshd does not know          -> Permission denied
//   opscope-test-unknownkey has an empty known_hosts                  -> Host key verification failed
//   opscope-test-closed     a port where nothing listens              -> Connection refused
// ssh reads only this config (-F), so the user's own ~/.ssh plays no part. Runs as root (CI) or as
// any user (sshd then logs in only that user). The sessions get OPSCOPE_TOOL_PATH=<dir>/no-tools, an
// empty folder: the "host" has no nsys and no ncu, whatever this machine has installed; and
// OPSCOPE_STATE_DIR=<dir>/state, the host's list of captured workloads (run_trust.h).
// setLoginShell() gives the user another login shell on that sshd alone (fish, dash...): as root, sshd
// runs in a mount namespace of its own (unshare) where a copy of /etc/passwd with that shell is mounted
// over the real one; sshd then runs every command as `SHELL -c COMMAND` with it, as a GPU host would.
#include "opscope/process.h"

#include <QTemporaryDir>

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <pwd.h>
#include <sched.h>
#include <sstream>
#include <string>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace opscope::test {

class SshdFixture {
public:
    static constexpr const char *kHost = "opscope-test";
    static constexpr const char *kWrongKeyHost = "opscope-test-wrongkey";
    static constexpr const char *kUnknownHostKeyHost = "opscope-test-unknownkey";
    static constexpr const char *kClosedPortHost = "opscope-test-closed";
    static constexpr const char *kSshd = "/usr/sbin/sshd";

    SshdFixture() = default;
    ~SshdFixture() { stop(); }
    // Before start(): the user's login shell as this sshd sees it (needs root; start() says why not).
    void setLoginShell(const std::string &shell) { loginShell_ = shell; }
    SshdFixture(const SshdFixture &) = delete;
    SshdFixture &operator=(const SshdFixture &) = delete;

    // Starts sshd. False, with the exact reason in `whyNot`, when it cannot run here.
    bool start(std::string *whyNot)
    {
        const auto fail = [&](const std::string &reason) {
            *whyNot = reason;
            return false;
        };
        if (::access(kSshd, X_OK) != 0)
            return fail(std::string(kSshd) + " is not installed (Debian: apt-get install openssh-server)");
        for (const char *tool : {"ssh", "ssh-keygen"})
            if (findExecutable(tool).empty())
                return fail(std::string(tool) + " is not installed (Debian: apt-get install openssh-client)");
        if (!dir_.isValid())
            return fail("no temporary folder");
        dir = dir_.path().toStdString();
        const passwd *pw = ::getpwuid(::getuid());
        if (!pw)
            return fail("the current user has no passwd entry, so sshd cannot log it in");
        user = pw->pw_name;
        // As root, sshd wants its privilege separation folder (made by the init script normally).
        if (::getuid() == 0 && ::mkdir("/run/sshd", 0755) != 0 && errno != EEXIST)
            return fail("cannot create /run/sshd (sshd's privilege separation folder)");

        std::string problem;
        if (!loginShell_.empty()) {
            if (::getuid() != 0)
                return fail("another login shell for sshd needs root (a mount namespace with its own /etc/passwd)");
            if (::access(loginShell_.c_str(), X_OK) != 0)
                return fail(loginShell_ + " is not installed");
            if (!writePasswdWithShell(&problem))
                return fail(problem);
        }
        for (const char *key : {"host_ed25519", "id_ed25519", "wrong_ed25519"})
            if (!keygen(dir + "/" + key, &problem))
                return fail(problem);
        writeFile(dir + "/authorized_keys", readFile(dir + "/id_ed25519.pub"));
        writeFile(dir + "/empty_known_hosts", "");
        toolPath = dir + "/no-tools";
        if (::mkdir(toolPath.c_str(), 0755) != 0)
            return fail("cannot create " + toolPath);

        for (int attempt = 0; attempt < 5; ++attempt) {
            port = freePort();
            closedPort = freePort();
            if (port <= 0 || closedPort <= 0 || port == closedPort)
                continue;
            writeConfigs();
            if (launch(&problem))
                return true;
            if (problem.find("Address already in use") == std::string::npos)
                break; // not a port race: another try would fail the same way
        }
        return fail("sshd did not start: " + problem);
    }

    void stop()
    {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
            pid_ = -1;
        }
    }

    pid_t sshdPid() const { return pid_; }

    // Processes sshd started for connections (and what runs in them) that are still its descendants.
    std::vector<pid_t> sessionProcesses() const
    {
        std::vector<pid_t> found;
        std::vector<pid_t> parents = {pid_};
        while (!parents.empty()) {
            const pid_t parent = parents.back();
            parents.pop_back();
            for (pid_t child : childrenOf(parent)) {
                found.push_back(child);
                parents.push_back(child);
            }
        }
        return found;
    }

    // Live (non-zombie) processes whose session id is `sid` (a remote run's process group leader
    // starts a session of its own with setsid).
    static std::vector<pid_t> processesInSession(pid_t sid)
    {
        std::vector<pid_t> found;
        forEachProcess([&](pid_t pid, char state, pid_t, pid_t session) {
            if (session == sid && state != 'Z')
                found.push_back(pid);
        });
        return found;
    }

    std::string dir;        // the temporary folder with keys, configs and logs
    std::string configFile; // the client config (ssh -F)
    std::string user;
    std::string toolPath; // OPSCOPE_TOOL_PATH of the sessions: an empty folder
    int port = 0;
    int closedPort = 0;

    std::string log() const { return readFile(dir + "/sshd.log"); }

    static std::string readFile(const std::string &path)
    {
        std::ifstream in(path, std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }

    static void writeFile(const std::string &path, const std::string &text)
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << text;
    }

private:
    static bool keygen(const std::string &path, std::string *problem)
    {
        ProcessSpec spec;
        spec.argv = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "opscope-test", "-f", path};
        spec.timeout = std::chrono::milliseconds(30000);
        const ProcessResult r = runProcess(spec);
        if (!r.ok())
            *problem = "ssh-keygen failed for " + path + ": " + r.startError + r.output;
        return r.ok();
    }

    // A port nothing listens on right now (bound to port 0, read back, closed).
    static int freePort()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return -1;
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        int port = -1;
        if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
            port = ntohs(address.sin_port);
        ::close(fd);
        return port;
    }

    void writeConfigs()
    {
        const std::string p = std::to_string(port);
        writeFile(dir + "/sshd_config", "Port " + p +
                                            "\n"
                                            "ListenAddress 127.0.0.1\n"
                                            "HostKey " +
                                            dir +
                                            "/host_ed25519\n"
                                            "AuthorizedKeysFile " +
                                            dir +
                                            "/authorized_keys\n"
                                            "StrictModes no\n"
                                            "PidFile " +
                                            dir +
                                            "/sshd.pid\n"
                                            "UsePAM no\n"
                                            "PermitRootLogin prohibit-password\n"
                                            "PubkeyAuthentication yes\n"
                                            "PasswordAuthentication no\n"
                                            "KbdInteractiveAuthentication no\n"
                                            "MaxStartups 100:30:200\n"
                                            "MaxSessions 100\n"
                                            "SetEnv OPSCOPE_TOOL_PATH=" +
                                            toolPath + " OPSCOPE_STATE_DIR=" + dir +
                                            "/state\n"
                                            "LogLevel VERBOSE\n");
        // ssh looks a non-default port up as "[host]:port".
        std::string hostKey = readFile(dir + "/host_ed25519.pub");
        hostKey = hostKey.substr(0, hostKey.find(" opscope-test"));
        writeFile(dir + "/known_hosts", "[127.0.0.1]:" + p + " " + hostKey + "\n");
        const auto host = [&](const char *alias, int hostPort, const std::string &key, const std::string &known) {
            return std::string("Host ") + alias + "\n  HostName 127.0.0.1\n  Port " + std::to_string(hostPort) +
                   "\n  User " + user + "\n  IdentityFile " + dir + "/" + key + "\n  IdentitiesOnly yes\n" +
                   "  UserKnownHostsFile " + dir + "/" + known + "\n  StrictHostKeyChecking yes\n\n";
        };
        configFile = dir + "/ssh_config";
        writeFile(configFile, host(kHost, port, "id_ed25519", "known_hosts") +
                                  host(kWrongKeyHost, port, "wrong_ed25519", "known_hosts") +
                                  host(kUnknownHostKeyHost, port, "id_ed25519", "empty_known_hosts") +
                                  host(kClosedPortHost, closedPort, "id_ed25519", "known_hosts"));
    }

    bool launch(std::string *problem)
    {
        const std::string logPath = dir + "/sshd.log";
        const std::string config = dir + "/sshd_config";
        ::unlink(logPath.c_str());
        const pid_t parent = ::getpid();
        pid_ = ::fork();
        if (pid_ < 0) {
            *problem = "fork failed";
            return false;
        }
        if (pid_ == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGTERM); // a crashed test leaves no sshd behind
            if (::getppid() != parent)
                ::_exit(127);
            const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (log >= 0) {
                ::dup2(log, STDOUT_FILENO);
                ::dup2(log, STDERR_FILENO);
            }
            const int devnull = ::open("/dev/null", O_RDONLY);
            if (devnull >= 0)
                ::dup2(devnull, STDIN_FILENO);
            if (!loginShell_.empty()) {
                // This sshd, and the sessions it starts, see the copy of /etc/passwd with the login shell.
                const std::string passwd = dir + "/passwd";
                if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
                    ::mount(passwd.c_str(), "/etc/passwd", nullptr, MS_BIND, nullptr) != 0) {
                    std::fprintf(stderr, "cannot mount %s over /etc/passwd in a namespace of its own: %s\n",
                                 passwd.c_str(), std::strerror(errno));
                    ::_exit(126);
                }
            }
            ::execl(kSshd, kSshd, "-D", "-e", "-f", config.c_str(), static_cast<char *>(nullptr));
            ::_exit(127);
        }
        // Ready when it says so; gone when it could not bind or read its configuration.
        const std::string ready = "Server listening on 127.0.0.1 port " + std::to_string(port);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
        while (std::chrono::steady_clock::now() < deadline) {
            if (readFile(logPath).find(ready) != std::string::npos)
                return true;
            int status = 0;
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                *problem = readFile(logPath);
                if (problem->empty())
                    *problem = "it exited at once (status " + std::to_string(status) + ")";
                return false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        stop();
        *problem = "it did not report listening within 15 s: " + readFile(logPath);
        return false;
    }

    // <dir>/passwd: /etc/passwd with the user's shell field set to loginShell_.
    bool writePasswdWithShell(std::string *problem) const
    {
        std::istringstream lines(readFile("/etc/passwd"));
        std::string out, line;
        bool found = false;
        while (std::getline(lines, line)) {
            if (line.rfind(user + ":", 0) == 0) {
                line = line.substr(0, line.rfind(':') + 1) + loginShell_;
                found = true;
            }
            out += line + "\n";
        }
        if (!found)
            *problem = "no line for " + user + " in /etc/passwd";
        else
            writeFile(dir + "/passwd", out);
        return found;
    }

    template <typename F> static void forEachProcess(F &&visit)
    {
        DIR *proc = ::opendir("/proc");
        if (!proc)
            return;
        while (dirent *entry = ::readdir(proc)) {
            const pid_t pid = pid_t(std::atoi(entry->d_name));
            if (pid <= 0)
                continue;
            // /proc/PID/stat: pid (comm) state ppid pgrp session ...; comm may hold spaces.
            const std::string stat = readFile("/proc/" + std::to_string(pid) + "/stat");
            const size_t close = stat.rfind(')');
            if (close == std::string::npos)
                continue;
            std::istringstream fields(stat.substr(close + 2));
            char state = 0;
            long ppid = 0, pgrp = 0, session = 0;
            if (fields >> state >> ppid >> pgrp >> session)
                visit(pid, state, pid_t(ppid), pid_t(session));
        }
        ::closedir(proc);
    }

    static std::vector<pid_t> childrenOf(pid_t parent)
    {
        std::vector<pid_t> children;
        forEachProcess([&](pid_t pid, char state, pid_t ppid, pid_t) {
            if (ppid == parent && state != 'Z')
                children.push_back(pid);
        });
        return children;
    }

    QTemporaryDir dir_;
    pid_t pid_ = -1;
    std::string loginShell_;
};

} // namespace opscope::test
