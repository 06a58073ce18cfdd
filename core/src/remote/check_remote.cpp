// Checking a host: `opscope doctor --json` run there over SSH, after copying the CLI when asked.
#include "opscope/json_input.h"
#include "remote/remote_host.h"

namespace opscope::remote {

using namespace detail;

TargetCheck checkRemote(const SshTarget &target, const std::string &python, const Progress &progress)
{
    TargetCheck check;
    check.where = target.host + " (ssh)";
    try {
        SshSession session(target);
        progress.report(0.0, ProgressStage::Step, "connect");
        HostInfo host = prepareHost(session, progress);
        if (target.copyCli)
            copyCli(session, host, progress);
        pipeline::Argv doctor = remoteCli(target, host);
        doctor.insert(doctor.end(), {"doctor", "--json"});
        if (!python.empty())
            doctor.insert(doctor.end(), {"--python", python});
        ProcessSpec spec;
        spec.mergeStderr = false;
        spec.timeout = std::chrono::milliseconds(240000); // the doctor's own torch import may take 90 s
        progress.report(0.3, ProgressStage::Step, "check");
        const ProcessResult r = session.run(doctor, spec, {}, progress);
        if (r.cancelled || progress.cancelled())
            throw Cancelled();
        // The JSON is the last line that starts with '{' (a login script may print before it).
        size_t at = r.output.rfind("\n{");
        at = at != std::string::npos ? at + 1 : (r.output.starts_with('{') ? 0 : std::string::npos);
        if (at != std::string::npos) {
            try {
                TargetCheck remote = TargetCheck::fromJson(parseJsonInput(r.output.substr(at)));
                check.tools = std::move(remote.tools);
                if (!remote.error.empty())
                    check.error = remote.error + " (on " + target.host + ")";
                return check;
            } catch (const std::exception &) {
                // told below, with what the host printed
            }
        }
        check.error = cliFailure(target, host, r);
        if (check.error.empty()) {
            std::string printed = r.errorOutput.empty() ? r.output : r.errorOutput;
            while (!printed.empty() && (printed.back() == '\n' || printed.back() == '\r'))
                printed.pop_back();
            check.error = "opscope doctor on " + target.host + " gave no result (" +
                          (r.timedOut ? std::string("timed out") : "exit code " + std::to_string(r.exitCode)) +
                          (printed.empty() ? std::string() : ": " + printed.substr(printed.rfind('\n') + 1)) + ")";
        }
    } catch (const RemoteFailure &e) {
        check.error = e.what();
    } catch (const pipeline::ToolError &e) {
        check.error = e.what();
    }
    return check;
}

} // namespace opscope::remote
