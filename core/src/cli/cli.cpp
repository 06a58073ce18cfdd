#include "cli/commands.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"
#include "opscope/summary.h"

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <map>
#include <ostream>
#include <set>

namespace opscope {

using namespace cli;

namespace {

constexpr size_t kHelpWidth = 100; // the help's lines fit a 100-column terminal

ParsedArgs parseArgs(const CommandSpec &spec, const std::vector<std::string> &args, size_t first)
{
    ParsedArgs parsed = parseOptions(spec.options, args, first, spec.name);
    if (parsed.positionals.size() < spec.minPositionals || parsed.positionals.size() > spec.maxPositionals)
        throw UsageError("wrong number of arguments\nusage: " + spec.usage);
    return parsed;
}

void printCommandHelp(const CommandSpec &spec, std::ostream &out)
{
    out << "usage: " << spec.usage << "\n\n" << spec.summary << "\n";
    if (spec.options.empty())
        return;
    out << "\noptions:\n";
    for (const OptionSpec &o : spec.options) {
        std::string left = "  " + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
        if (left.size() < 26)
            left.resize(26, ' ');
        else
            left += "  ";
        out << left << o.help;
        // Every option states its default; a flag's is "off".
        out << " (default: " << (o.defaultValue.empty() ? (o.valueName.empty() ? "off" : "none") : o.defaultValue)
            << ")";
        out << "\n";
    }
}

std::string versionText(const CliEnvironment &env)
{
    std::string text = "opscope " OPSCOPE_VERSION "\n";
    text += "profile file format " + std::to_string(kProfileFormatVersion) + "\n";
    text += std::string("SQLite ") + sqlite3_libversion() + "\n";
    text += env.extraVersionInfo;
    return text;
}

const std::vector<CommandSpec> &commands()
{
    static const std::vector<CommandSpec> specs = [] {
        std::vector<CommandSpec> all;
        for (auto group : {profileCommands, analysisCommands, memoryCommands, insightCommands, pipelineCommands,
                           verifyCommands, sweepCommands, diffCommands, remoteCommands, rankCommands})
            for (CommandSpec &spec : group())
                all.push_back(std::move(spec));
        return all;
    }();
    return specs;
}

// A command's line in the list: the first sentence of its summary, or the clause before its first
// colon (what follows is detail for COMMAND --help), always ending in a full stop.
std::string headline(std::string summary)
{
    std::replace(summary.begin(), summary.end(), '\n', ' ');
    size_t end = std::min({summary.find(". "), summary.find(": "), summary.size()});
    if (end == summary.size() && summary.ends_with('.'))
        --end;
    return summary.substr(0, end) + ".";
}

// `text` broken at spaces into lines of at most `width` columns, the later ones indented by `indent`.
std::string wrapped(const std::string &text, size_t indent, size_t width)
{
    std::string out, line;
    size_t start = 0;
    while (start < text.size()) {
        size_t space = text.find(' ', start);
        if (space == std::string::npos)
            space = text.size();
        const std::string word = text.substr(start, space - start);
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += line + "\n" + std::string(indent, ' ');
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = space + 1;
    }
    return out + line;
}

void printMainHelp(std::ostream &out)
{
    out << "usage: opscope [FILE...]            open the explorer (on the sample profile without FILE)\n"
           "       opscope COMMAND [OPTIONS]    run a command without a display\n\n"
           "OpScope explores PyTorch profiles: it attributes every GPU kernel and its counters to the\n"
           "operator and nn.Module that launched it.\n\ncommands:\n";
    size_t width = 0;
    for (const CommandSpec &spec : commands())
        width = std::max(width, spec.name.size());
    for (const CommandSpec &spec : commands()) {
        std::string left = "  " + spec.name;
        left.resize(width + 4, ' ');
        out << left << wrapped(headline(spec.summary), left.size(), kHelpWidth) << "\n";
    }
    out << "\noptions:\n"
           "  --help, -h  show this help, or a command's help with COMMAND --help\n"
           "  --version   show the versions of OpScope, its file format, SQLite and Qt\n";
}

} // namespace

bool isCommandLineInvocation(const std::vector<std::string> &args)
{
    if (args.empty())
        return false;
    const std::string &first = args[0];
    if (first == "--help" || first == "-h" || first == "--version")
        return true;
    if (std::any_of(commands().begin(), commands().end(), [&](const CommandSpec &c) { return c.name == first; }))
        return true;
    // A bare word that is no file is a mistyped command, not a profile for the GUI to open.
    return first.find_first_of("./") == std::string::npos && !fileExists(first);
}

int runCommandLine(const std::vector<std::string> &args, CliEnvironment &env)
{
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        printMainHelp(env.out);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        env.out << versionText(env);
        return 0;
    }
    auto spec =
        std::find_if(commands().begin(), commands().end(), [&](const CommandSpec &c) { return c.name == args[0]; });
    if (spec == commands().end()) {
        env.err << "opscope: unknown command '" << args[0] << "' (see opscope --help)\n";
        return 2;
    }
    if (std::find(args.begin() + 1, args.end(), "--help") != args.end() ||
        std::find(args.begin() + 1, args.end(), "-h") != args.end()) {
        printCommandHelp(*spec, env.out);
        return 0;
    }
    try {
        const ParsedArgs parsed = parseArgs(*spec, args, 1);
        return spec->run(parsed, env);
    } catch (const UsageError &e) {
        env.err << "opscope " << spec->name << ": " << e.what() << "\n";
        return 2;
    } catch (const FileError &e) {
        env.err << "opscope " << spec->name << ": error: " << e.what() << "\n";
        return 1;
    } catch (const Cancelled &) {
        env.err << "opscope " << spec->name << ": cancelled\n";
        return 130;
    } catch (const std::exception &e) {
        env.err << "opscope " << spec->name << ": internal error: " << e.what() << "\n";
        return 3;
    }
}

} // namespace opscope
