// `opscope doctor`: what this machine (or a GPU host, over SSH) has for a capture; and the --ssh
// options that capture and profile share with it.
#include "cli/commands.h"

#include "opscope/remote.h"

#include <ostream>

namespace opscope::cli {

namespace {

const std::vector<OptionSpec> &doctorOptions()
{
    static const std::vector<OptionSpec> options = [] {
        std::vector<OptionSpec> list = {
            {"--json", "", "", "print the result as one JSON object (what a remote check reads)"},
            {"--python", "PATH", "the first python3 that has torch", "the interpreter to check"},
            {"--nsys", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/...", "the nsys program (this machine only)"},
            {"--ncu", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-compute/...",
             "the ncu program (this machine only)"},
        };
        for (const OptionSpec &o : sshOptions())
            list.push_back(o);
        return list;
    }();
    return options;
}

void printCheck(const remote::TargetCheck &check, std::ostream &out)
{
    out << "opscope doctor: " << check.where << "\n";
    if (!check.ok()) {
        out << "  error: " << check.error << "\n";
        return;
    }
    for (const remote::ToolCheck &t : check.tools) {
        std::string name = "  " + t.name;
        name.resize(12, ' ');
        out << name;
        if (t.found) {
            std::string version = t.version.empty() ? "found" : t.version;
            if (version.size() < 30)
                version.resize(30, ' ');
            out << version << " " << t.path << "\n";
        } else {
            out << "missing: " << t.problem << "\n";
        }
    }
}

// A capture can run where Python imports torch and the launcher is there; nsys, ncu and CUDA only
// add to what it records.
bool canCapture(const remote::TargetCheck &check)
{
    for (const char *needed : {"python", "torch", "opscope", "launcher"}) {
        const remote::ToolCheck *t = check.tool(needed);
        if (!t || !t->found)
            return false;
    }
    return check.ok();
}

int runDoctor(const ParsedArgs &args, CliEnvironment &env)
{
    remote::TargetCheck check;
    if (args.has("--ssh")) {
        if (args.has("--nsys") || args.has("--ncu"))
            throw UsageError("--nsys and --ncu name programs on this machine; a host is checked for the nsys and ncu "
                             "its capture would find there");
        check = remote::checkRemote(sshTarget(args), args.value("--python"));
    } else {
        check = remote::checkLocal(args.value("--python"), args.value("--nsys"), args.value("--ncu"));
    }
    if (args.has("--json"))
        env.out << check.toJson().dump() << "\n";
    else
        printCheck(check, env.out);
    return canCapture(check) ? 0 : 1;
}

} // namespace

const std::vector<OptionSpec> &sshOptions()
{
    static const std::vector<OptionSpec> options = {
        {"--ssh", "HOST", "",
         "run on this GPU host over SSH (a Host of your ssh config, [user@]name or ssh://user@name:port); keys or an "
         "agent, never a password"},
        {"--ssh-config", "FILE", "~/.ssh/config", "the ssh config file (ssh -F)"},
        {"--remote-dir", "DIR", "~/opscope-runs", "where run folders are made on the host"},
        {"--remote-opscope", "PATH", "opscope on the host's PATH", "OpScope's command-line tool on the host"},
        {"--copy-cli", "", "", "copy this machine's opscope-cli and launcher to DIR/.opscope on the host first"},
    };
    return options;
}

bool remoteRequested(const ParsedArgs &args)
{
    for (const OptionSpec &o : sshOptions())
        if (args.has(o.name))
            return true;
    return false;
}

remote::SshTarget sshTarget(const ParsedArgs &args)
{
    for (const char *option : {"--ssh-config", "--remote-dir", "--remote-opscope", "--copy-cli"})
        if (args.has(option) && !args.has("--ssh"))
            throw UsageError(std::string(option) + " needs --ssh HOST");
    if (args.has("--copy-cli") && args.has("--remote-opscope"))
        throw UsageError("give --copy-cli or --remote-opscope, not both");
    remote::SshTarget target;
    target.host = args.value("--ssh");
    if (target.host.empty())
        throw UsageError("--ssh needs a host");
    target.configFile = args.value("--ssh-config");
    target.remoteDirectory = args.value("--remote-dir");
    target.remoteOpscope = args.value("--remote-opscope");
    target.copyCli = args.has("--copy-cli");
    return target;
}

std::vector<CommandSpec> remoteCommands()
{
    return {
        {"doctor", "opscope doctor [OPTIONS]",
         "Check what a capture needs here (or on --ssh HOST): Python, torch and its CUDA, nsys, ncu and\n"
         "OpScope's launcher, with versions and paths, and for what is missing how to fix it. Exits 1 when\n"
         "no capture can run there (no Python with torch, or no launcher).",
         0, 0, doctorOptions(), runDoctor},
    };
}

} // namespace opscope::cli
