#pragma once
// The grammar of OpScope's command line, below any command: options as the help lists them, the
// parse of `--name VALUE`, `--name=VALUE`, flags and positionals (everything after "--" is one), and
// the usage error. Below the commands (core/src/cli), so that other parts of the core can parse and
// write command lines without depending on them.

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::cli {

struct OptionSpec {
    std::string name;      // "--json"
    std::string valueName; // empty for a flag
    std::string defaultValue;
    std::string help;
};

struct ParsedArgs {
    std::vector<std::string> positionals;
    std::map<std::string, std::string> values;                // the last value of each option
    std::map<std::string, std::vector<std::string>> repeated; // every value, in order (--param A --param B)
    std::set<std::string> flags;
    bool has(const std::string &flag) const { return flags.count(flag) || values.count(flag); }
    std::string value(const std::string &name, const std::string &fallback = {}) const
    {
        auto it = values.find(name);
        return it == values.end() ? fallback : it->second;
    }
    std::vector<std::string> all(const std::string &name) const
    {
        auto it = repeated.find(name);
        return it == repeated.end() ? std::vector<std::string>{} : it->second;
    }
};

// A command line the command cannot take: `opscope COMMAND: MESSAGE`, exit status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Parses `args` from index `first` against `options` (UsageError naming `command` for an unknown
// option, a flag given a value, a missing value). The positional count is the caller's to check.
ParsedArgs parseOptions(const std::vector<OptionSpec> &options, const std::vector<std::string> &args, size_t first,
                        std::string_view command);

// Reads a non-negative integer option value; UsageError when it is not one.
long long integerOption(const ParsedArgs &args, const std::string &name, long long fallback);

// Words of a command line as a POSIX shell splits them: blanks separate, '...' keeps everything,
// "..." keeps everything but \\ \" \$ \` escapes, a backslash outside quotes escapes the next
// character. No expansion of any kind. nullopt for an unbalanced quote or a trailing backslash.
std::optional<std::vector<std::string>> splitCommandLine(std::string_view text);

} // namespace opscope::cli
