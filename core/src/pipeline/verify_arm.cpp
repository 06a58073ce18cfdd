// An arm of `opscope verify`: its launcher process, the FIFO that cues its blocks, its markers.
#include "pipeline/verify_arm.h"

#include "opscope/errors.h"
#include "opscope/pipeline/tools.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace opscope::pipeline::detail {

using namespace std::chrono_literals;

namespace {

// "OPSCOPE verify ready {...}" -> ("ready", {...}); empty kind for other lines.
std::pair<std::string, nlohmann::json> verifyMarker(std::string_view line)
{
    constexpr std::string_view prefix = "OPSCOPE verify ";
    if (line.substr(0, prefix.size()) != prefix)
        return {};
    line.remove_prefix(prefix.size());
    const size_t space = line.find(' ');
    if (space == std::string_view::npos)
        return {std::string(line), nullptr};
    nlohmann::json data = nlohmann::json::parse(line.substr(space + 1), nullptr, false);
    return {std::string(line.substr(0, space)), data.is_discarded() ? nlohmann::json() : data};
}

} // namespace

Arm::Arm(ArmSetup setup) : setup_(std::move(setup)) {}

Arm::~Arm()
{
    cancel_ = true;
    try {
        finish();
    } catch (...) { // an arm given up on: what its process's job threw has no one to go to
    }
}

void Arm::start(const Progress &progress)
{
    finish();
    ++processes_;
    const std::string stem = setup_.logDir + "/" + setup_.name + "-" + std::to_string(processes_);
    const std::string fifo = stem + ".ctl";
    if (::mkfifo(fifo.c_str(), 0600) != 0)
        throw FileError(fifo, std::string("cannot make the control FIFO: ") + std::strerror(errno));
    // Read and write: opening never blocks, and the launcher's reads see no end of file while we live.
    control_ = ::open(fifo.c_str(), O_RDWR | O_CLOEXEC);
    if (control_ < 0)
        throw FileError(fifo, std::string("cannot open the control FIFO: ") + std::strerror(errno));

    ProcessSpec spec;
    LauncherOptions launcher = setup_.launcher;
    launcher.verifyControl = fifo;
    launcher.statusPath = stem + ".status.json";
    spec.argv = launcherCommand(launcher);
    spec.setEnv = setup_.env;
    spec.workingDirectory = setup_.workingDirectory;
    spec.logPath = setup_.logDir + "/" + setup_.name + ".log";
    {
        std::ofstream log(spec.logPath, std::ios::app | std::ios::binary);
        log << "# opscope verify arm " << setup_.name << ", process " << processes_ << "\n";
        for (const auto &[name, value] : spec.setEnv)
            log << "# env " << name << "=" << value << "\n";
        log << "$ " << displayCommand(spec.argv) << "\n";
    }
    {
        std::lock_guard lock(mutex_);
        errors_.clear();
        tail_.clear();
    }
    cancel_ = false;
    auto events = std::make_shared<concurrency::Channel<Event>>(std::numeric_limits<size_t>::max());
    events_ = events;
    running_ = true;
    worker_.post([this, spec, events] {
        const auto onLine = [this, &events](std::string_view line) {
            {
                std::lock_guard lock(mutex_);
                tail_.emplace_back(line.substr(0, 400));
                if (tail_.size() > 12)
                    tail_.pop_front();
                if (line.substr(0, 14) == "OPSCOPE error ")
                    errors_.emplace_back(line.substr(14));
            }
            if (setup_.onLine)
                setup_.onLine(line);
            auto [kind, data] = verifyMarker(line);
            if (kind == "ready")
                events->push({Event::Kind::Ready, std::move(data), {}});
            else if (kind == "block")
                events->push({Event::Kind::Block, std::move(data), {}});
            else if (kind == "end")
                events->push({Event::Kind::End, std::move(data), {}});
        };
        ProcessResult result = runProcess(spec, onLine, Progress({}, &cancel_));
        events->push({Event::Kind::Exited, nullptr, std::move(result)});
    });

    // The warm-up: until the process waits for its first block (or ends).
    const Event e = next(progress);
    if (e.kind == Event::Kind::Ready) {
        if (firstReady_.is_null())
            firstReady_ = e.data;
        waiting_ = true;
        return;
    }
    fail(e.kind == Event::Kind::Exited && e.exit.ok()
             ? "the script ended before its warm-up of " + std::to_string(setup_.launcher.warmup) + " steps was over"
             : "the launcher failed during the warm-up");
}

Arm::Event Arm::next(const Progress &progress)
{
    for (;;) {
        // What came is handed out even after a cancel; only then, with nothing left, does the arm stop.
        const bool cancelled = progress.cancelled();
        if (std::optional<Event> e = events_->popFor(cancelled ? 0ms : 100ms))
            return std::move(*e);
        if (cancelled) {
            cancel_ = true;
            finish();
            throw Cancelled();
        }
    }
}

void Arm::send(const char *line)
{
    const size_t size = std::strlen(line);
    if (control_ >= 0 && ::write(control_, line, size) != ssize_t(size))
        fail(std::string("cannot write to the control FIFO: ") + std::strerror(errno));
}

ArmBlock Arm::runBlock(const Progress &progress)
{
    for (;;) {
        const bool fresh = !waiting_;
        if (fresh)
            start(progress);
        waiting_ = false;
        send("go\n");
        for (;;) {
            const Event e = next(progress);
            if (e.kind == Event::Kind::Block) {
                ArmBlock block;
                if (e.data.is_object() && e.data.contains("steps_ns") && e.data["steps_ns"].is_array())
                    for (const auto &ns : e.data["steps_ns"])
                        if (ns.is_number_integer())
                            block.stepsNs.push_back(ns.get<int64_t>());
                if (block.stepsNs.empty())
                    continue;
                block.clock = e.data.value("clock", "");
                if (e.data.contains("peak_bytes") && e.data["peak_bytes"].is_number_integer())
                    block.peakBytes = e.data["peak_bytes"].get<int64_t>();
                block.partial = e.data.value("partial", false);
                if (block.partial) {
                    ++cutShort_;
                    finish(); // the script has ended: its process is going
                } else {
                    waiting_ = true;
                }
                return block;
            }
            if (e.kind == Event::Kind::Exited) {
                finish();
                if (!e.exit.ok())
                    fail("the launcher failed");
                if (fresh)
                    fail("the script ends before it runs one block of steps after its warm-up of " +
                         std::to_string(setup_.launcher.warmup) + " steps: give it more iterations");
                break; // the script ended at the block's start: a new process
            }
        }
    }
}

void Arm::stop()
{
    if (waiting_ && running_) {
        send("exit\n");
        waiting_ = false;
        // Wait for it to end (a script's own teardown included), then make sure. Nothing reads the
        // arm's events after this: the ones before the exit are let go.
        const auto deadline = std::chrono::steady_clock::now() + 60s;
        while (std::chrono::steady_clock::now() < deadline) {
            const std::optional<Event> e = events_->popFor(100ms);
            if (e && e->kind == Event::Kind::Exited)
                break;
        }
    }
    cancel_ = true;
    finish();
}

void Arm::finish()
{
    std::exception_ptr failure; // what the process's job threw (it could not start the process)
    if (running_) {
        running_ = false;
        try {
            worker_.wait();
        } catch (...) {
            failure = std::current_exception();
        }
    }
    if (control_ >= 0) {
        ::close(control_);
        control_ = -1;
    }
    waiting_ = false;
    if (failure)
        std::rethrow_exception(failure);
}

void Arm::fail(const std::string &why)
{
    cancel_ = true;
    finish();
    std::string text = "arm " + setup_.name + (setup_.name == "A" ? " (the original)" : " (fixed)") + ": " + why;
    {
        std::lock_guard lock(mutex_);
        for (const std::string &e : errors_)
            text += "\n  " + e;
        if (errors_.empty() && !tail_.empty()) {
            text += "\n  last output:";
            for (const std::string &line : tail_)
                text += "\n    " + line;
        }
    }
    text += "\n  full log: " + setup_.logDir + "/" + setup_.name + ".log";
    throw ToolError(text);
}

} // namespace opscope::pipeline::detail
