// The remote command line: ssh sends the host one string for its shell, so every argument is
// quoted; nothing the user typed is ever read by that shell as code.
#include "opscope/remote.h"

namespace opscope::remote {

std::string shellQuote(std::string_view argument)
{
    // Inside single quotes a POSIX shell takes every character literally except ' itself, which
    // ends the quote: it is written as '\'' (close, an escaped quote, reopen).
    std::string quoted;
    quoted.reserve(argument.size() + 2);
    quoted += '\'';
    for (char c : argument) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    quoted += '\'';
    return quoted;
}

std::string remoteCommandLine(const std::vector<std::string> &argv)
{
    std::string line;
    for (const std::string &argument : argv) {
        if (!line.empty())
            line += ' ';
        line += shellQuote(argument);
    }
    return line;
}

} // namespace opscope::remote
