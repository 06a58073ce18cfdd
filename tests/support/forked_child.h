#pragma once
// Runs a piece of a test in a forked child (limits, a mount namespace, dropped privileges that must not
// reach the test process) and brings back what it says.

#include <exception>
#include <functional>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace opscope::test {

// Runs `body` in a forked child; returns what it returned (an exception's text after "exception: "), or
// how the child died, with what it had written.
inline std::string outcomeInChild(const std::function<std::string()> &body)
{
    int result[2];
    if (::pipe(result) != 0)
        return "no pipe";
    const pid_t child = ::fork();
    if (child < 0)
        return "no fork";
    if (child == 0) {
        ::close(result[0]);
        std::string outcome;
        try {
            outcome = body();
        } catch (const std::exception &e) {
            outcome = std::string("exception: ") + e.what();
        }
        [[maybe_unused]] auto n = ::write(result[1], outcome.data(), outcome.size());
        ::_exit(0);
    }
    ::close(result[1]);
    std::string outcome;
    char buffer[512];
    for (ssize_t n; (n = ::read(result[0], buffer, sizeof buffer)) > 0;)
        outcome.append(buffer, size_t(n));
    ::close(result[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (WIFSIGNALED(status))
        return "the writer died of signal " + std::to_string(WTERMSIG(status)) + " (" + outcome + ")";
    return outcome;
}

} // namespace opscope::test
