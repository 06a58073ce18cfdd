#pragma once
// Capture and replay requests as OpScope's command line, and back, in one place: the options of
// `opscope capture|replay|profile` with their help, the request a parsed command line asks for, and
// the command line that asks for a request (what a remote host runs, what the wizards show as the
// equivalent command). Writing leaves out what equals the default; parsing a written command line
// gives the request back, field for field (tst_cli_options).
//
// The grammar of list options, for the command line and the wizards' fields alike: items are
// separated by ';' (',' for nsys trace domains; ';' or ',' for metrics), each trimmed, empty ones
// dropped; environment items are NAME=VALUE with NAME a shell-style variable name.

#include "opscope/command_line.h"
#include "opscope/pipeline/commands.h"
#include "opscope/pipeline/requests.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

// "a; b;;c" -> {"a", "b", "c"}: split at any of `separators`, items trimmed, empty ones dropped.
std::vector<std::string> splitOptionList(std::string_view text, std::string_view separators = ";");
// Letters, digits and '_', not starting with a digit.
bool isVariableName(std::string_view name);
// "NAME=VALUE;NAME=VALUE" into `env`; false at the first item that is not NAME=VALUE with a variable
// name, which `bad` then holds (trimmed).
bool parseEnvList(std::string_view text, std::map<std::string, std::string> &env, std::string &bad);
// An ncu metric set name as --set takes it (`ncu --list-sets` differs between versions: any such name
// is passed on): lower-case letters, digits, '_' and '-'.
bool isMetricSetName(std::string_view name);

// The options of `opscope capture` and `opscope replay` (`profile` takes both), as --help lists them.
const std::vector<cli::OptionSpec> &captureOptionSpecs();
const std::vector<cli::OptionSpec> &replayOptionSpecs();

// The request a parsed command line asks for. Capture: positionals are SCRIPT ARGS... Throws
// cli::UsageError naming the option for a value it does not take.
CaptureRequest parseCaptureOptions(const cli::ParsedArgs &args);
ReplayRequest parseReplayOptions(const cli::ParsedArgs &args, const std::string &run);

// The options that make the CLI run `request`, those equal to the CLI's defaults left out. Throws
// ToolError for what the command line cannot carry (extra ncu arguments, start/end NVTX filters, a
// list item holding its separator or blanks at its ends, an environment name that is no variable
// name).
Argv captureCliOptions(const CaptureRequest &request);
Argv replayCliOptions(const ReplayRequest &request);
// `SCRIPT [OPTIONS] [-- ARGS...]` for `opscope capture` (a script starting with '-' goes after the "--").
Argv captureCliArguments(const CaptureRequest &request);
// `SCRIPT [OPTIONS] [-- ARGS...]` for `opscope profile`: the capture's options, then the replay's
// (its `run` is the capture's). ToolError when the two timeouts differ: profile has one --timeout.
Argv profileCliArguments(const CaptureRequest &capture, const ReplayRequest &replay);

} // namespace opscope::pipeline
