// What a machine has for a capture: Python, torch and its CUDA, nsys, ncu, OpScope's CLI and
// launcher, with versions and, for what is missing, the fix. `opscope doctor --json` prints it; a
// remote check runs that command on the host.
#include "opscope/install_layout.h"
#include "opscope/json_input.h"
#include "opscope/remote.h"
#include "opscope/text_util.h"

#include <stdexcept>

namespace opscope::remote {

namespace {

constexpr auto kPythonTimeout = std::chrono::milliseconds(20000);
// Importing torch reads hundreds of files (seconds on a cold cache) and CUDA's first call starts the
// driver; longer than this is a broken installation or a hung GPU.
constexpr auto kTorchTimeout = std::chrono::milliseconds(90000);

// One line of JSON after a marker, so warnings the import prints do not get in the way.
constexpr const char *kTorchProbe = R"(import json, sys
r = {}
try:
    import torch
    r["torch"] = torch.__version__
    r["cuda_build"] = getattr(torch.version, "cuda", None)
    try:
        r["cuda_available"] = bool(torch.cuda.is_available())
        if r["cuda_available"]:
            r["device_count"] = torch.cuda.device_count()
            r["device"] = torch.cuda.get_device_name(0)
    except Exception as e:
        r["cuda_error"] = "%s: %s" % (type(e).__name__, e)
except BaseException as e:
    r["torch_error"] = "%s: %s" % (type(e).__name__, e)
sys.stdout.write("OPSCOPE-DOCTOR " + json.dumps(r) + "\n")
)";

// nsys or ncu: where and which version, or the "was not found (looked in ...)" message exactly as a
// capture would give it.
ToolCheck checkTool(const char *name, pipeline::ToolInfo (*find)(const std::string &),
                    pipeline::ToolInfo (*require)(const std::string &), const std::string &explicitPath)
{
    const pipeline::ToolInfo info = find(explicitPath);
    ToolCheck check{name, info.found(), info.path, info.version, {}};
    if (!check.found) {
        try {
            require(explicitPath);
        } catch (const pipeline::ToolError &e) {
            check.problem = e.what();
        }
    }
    return check;
}

// python, torch, cuda: one interpreter start for the version, one for torch (which may hang).
void checkPython(const std::string &explicitPython, std::vector<ToolCheck> &tools)
{
    ToolCheck python{"python", false, {}, {}, {}};
    ToolCheck torch{"torch", false, {}, {}, {}};
    ToolCheck cuda{"cuda", false, {}, {}, {}};
    python.path = pipeline::findPython(explicitPython);
    if (python.path.empty()) {
        python.problem = explicitPython.empty()
                             ? "no Python interpreter was found (python3, python, /usr/bin/python3): install "
                               "Python 3 or give the interpreter's path"
                             : explicitPython + " is not an executable program: give the path of a Python interpreter";
        torch.problem = cuda.problem = "no Python interpreter to import torch with";
        tools.insert(tools.end(), {python, torch, cuda});
        return;
    }
    ProcessSpec version;
    version.argv = {python.path, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"};
    version.timeout = kPythonTimeout;
    version.mergeStderr = false;
    const ProcessResult v = runProcess(version);
    if (!v.ok()) {
        python.problem =
            python.path + " does not run Python code (" +
            (v.started ? std::string(trimmed(v.errorOutput.empty() ? v.output : v.errorOutput)) : v.startError) +
            "): give another interpreter";
        torch.problem = cuda.problem = "the Python interpreter does not run";
        tools.insert(tools.end(), {python, torch, cuda});
        return;
    }
    python.found = true;
    python.version = std::string(trimmed(v.output));

    ProcessSpec probe;
    probe.argv = {python.path, "-c", kTorchProbe};
    probe.timeout = kTorchTimeout;
    probe.mergeStderr = false;
    const ProcessResult p = runProcess(probe);
    nlohmann::json r;
    const size_t at = p.output.rfind("OPSCOPE-DOCTOR ");
    if (at != std::string::npos) {
        try {
            r = parseJsonInput(p.output.substr(at + 15, p.output.find('\n', at) - at - 15));
        } catch (const std::exception &) {
        }
    }
    if (p.timedOut) {
        torch.problem = "importing torch in " + python.path + " did not finish within " +
                        std::to_string(kTorchTimeout.count() / 1000) + " s: the installation (or the GPU driver) hangs";
    } else if (!r.is_object()) {
        torch.problem =
            "importing torch in " + python.path + " failed: " + std::string(trimmed(p.errorOutput + p.output));
    } else if (r.contains("torch_error")) {
        torch.problem = "torch cannot be imported by " + python.path + " (" + r["torch_error"].get<std::string>() +
                        "): install PyTorch for this interpreter (pip install torch, or Debian's python3-torch) or "
                        "choose the interpreter that has it";
    } else {
        torch.found = true;
        torch.path = python.path;
        torch.version = r.value("torch", "");
    }
    if (!torch.found) {
        cuda.problem = "torch is not usable";
    } else if (!r.contains("cuda_build") || r["cuda_build"].is_null()) {
        cuda.problem = "torch " + torch.version +
                       " is built without CUDA (torch.version.cuda is None): only CPU captures are possible; "
                       "install a CUDA build of torch to profile GPU kernels";
    } else {
        const std::string build = r["cuda_build"].is_string() ? r["cuda_build"].get<std::string>() : std::string();
        cuda.version = build;
        if (r.value("cuda_available", false)) {
            cuda.found = true;
            cuda.version += " (" + r.value("device", std::string("GPU")) + ")";
        } else {
            cuda.problem = "torch is built for CUDA " + build + " but sees no GPU (torch.cuda.is_available() is False" +
                           (r.contains("cuda_error") ? ": " + r["cuda_error"].get<std::string>() : std::string()) +
                           "): check the NVIDIA driver (nvidia-smi) and CUDA_VISIBLE_DEVICES";
        }
    }
    tools.insert(tools.end(), {python, torch, cuda});
}

} // namespace

const ToolCheck *TargetCheck::tool(std::string_view name) const
{
    for (const ToolCheck &t : tools)
        if (t.name == name)
            return &t;
    return nullptr;
}

nlohmann::json TargetCheck::toJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const ToolCheck &t : tools)
        list.push_back(
            {{"name", t.name}, {"found", t.found}, {"path", t.path}, {"version", t.version}, {"problem", t.problem}});
    return {{"format", "opscope-doctor"}, {"version", 1}, {"where", where}, {"tools", list}, {"error", error}};
}

TargetCheck TargetCheck::fromJson(const nlohmann::json &json)
{
    if (!json.is_object() || json.value("format", "") != "opscope-doctor" || !json.contains("tools") ||
        !json["tools"].is_array())
        throw std::runtime_error("not the output of opscope doctor --json (no \"format\": \"opscope-doctor\")");
    TargetCheck check;
    try {
        check.where = json.value("where", "");
        check.error = json.value("error", "");
        for (const auto &t : json["tools"])
            check.tools.push_back({t.at("name").get<std::string>(), t.value("found", false), t.value("path", ""),
                                   t.value("version", ""), t.value("problem", "")});
    } catch (const nlohmann::json::exception &e) {
        throw std::runtime_error(std::string("opscope doctor --json printed a malformed tool entry: ") + e.what());
    }
    return check;
}

TargetCheck checkLocal(const std::string &python, const std::string &nsys, const std::string &ncu)
{
    TargetCheck check;
    check.where = "this machine";
    checkPython(python, check.tools);
    check.tools.push_back(checkTool("nsys", pipeline::findNsys, pipeline::requireNsys, nsys));
    check.tools.push_back(checkTool("ncu", pipeline::findNcu, pipeline::requireNcu, ncu));

    ToolCheck opscope{"opscope", true, {}, OPSCOPE_VERSION, {}};
    opscope.path = install::runningProgram();
    check.tools.push_back(opscope);

    ToolCheck launcher{"launcher", false, {}, OPSCOPE_VERSION, {}};
    try {
        launcher.path = pipeline::findLauncherDir();
        launcher.found = true;
    } catch (const pipeline::ToolError &e) {
        launcher.version.clear();
        launcher.problem = e.what();
    }
    check.tools.push_back(launcher);
    return check;
}

} // namespace opscope::remote
