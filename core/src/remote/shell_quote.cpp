// The remote command line. ssh hands the host one string, which sshd gives to the user's login shell
// (`$SHELL -c STRING`), whichever it is: sh, bash, dash, zsh, fish, tcsh. Quoting for one family's rules
// is not enough: fish reads \' inside single quotes as an escaped quote, so under POSIX quoting the two
// arguments `a\` and `; touch X; echo \` became a command. The string is therefore one that every shell
// reads the same way: a fixed `sh -c` program, and each argument in single quotes with every byte outside
// a small safe set written as a backslash and three octal digits. Inside single quotes no shell treats a
// backslash followed by a digit, or any of the safe bytes, as anything but itself (fish's escapes there
// are a backslash before a backslash or a quote; csh's, before '!' or a newline). The program, itself free
// of quotes, backslashes, '!' and newlines, turns each argument back into its bytes with printf and runs
// the vector with exec.
#include "opscope/remote.h"

namespace opscope::remote {

namespace {

// Bytes kept as they are: none is special to a shell inside single quotes, nor to printf's format.
bool keptAsIs(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '/' || c == ',' || c == ':' || c == '=' || c == '+' || c == '@' || c == '-';
}

// Runs "$@" after decoding each argument: printf reads the octal escapes of its format; the 'x' before
// it keeps an argument starting with '-' from being an option, the 'x' after it keeps trailing newlines
// from command substitution.
constexpr const char *kDecoder = "for a do v=$(printf \"x$a\";printf x);v=${v#x};set -- \"$@\" \"${v%x}\";shift;done;"
                                 "exec \"$@\"";

} // namespace

std::string encodeRemoteArgument(std::string_view argument)
{
    static constexpr char kOctal[] = "01234567";
    std::string encoded;
    encoded.reserve(argument.size() + 2);
    encoded += '\'';
    for (unsigned char c : argument) {
        if (keptAsIs(c)) {
            encoded += char(c);
        } else {
            encoded += '\\';
            encoded += kOctal[c >> 6];
            encoded += kOctal[(c >> 3) & 7];
            encoded += kOctal[c & 7];
        }
    }
    encoded += '\'';
    return encoded;
}

std::string remoteCommandLine(const std::vector<std::string> &argv)
{
    // The fixed part, each word in single quotes as it is (none holds a quote or a backslash).
    const std::vector<std::string> decoder = {"sh", "-c", kDecoder, "sh"};
    std::string line;
    for (const std::string &word : decoder)
        line += (line.empty() ? "'" : " '") + word + "'";
    for (const std::string &argument : argv)
        line += ' ' + encodeRemoteArgument(argument);
    return line;
}

} // namespace opscope::remote
