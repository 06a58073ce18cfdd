#pragma once
// One arm of `opscope verify` (verify.h): a launcher process running the workload, which waits at a
// step boundary after its warm-up and runs a block of timed steps each time it is told to (the
// protocol is in resources/launcher/opscope_launcher/verify.py). The process runs on a worker thread
// of its own through the one process runner; its markers come back as events on a channel. A script that runs out of
// steps ends its process: the next block starts a new one. Internal to core/src/pipeline.

#include "opscope/concurrency/channel.h"
#include "opscope/concurrency/worker.h"
#include "opscope/pipeline/commands.h"
#include "opscope/process.h"
#include "opscope/progress.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace opscope::pipeline::detail {

struct ArmSetup {
    std::string name;                       // "A" (the original) or "B" (fixed)
    LauncherOptions launcher;               // everything but the control FIFO and the status file
    std::map<std::string, std::string> env; // added to the environment
    std::string workingDirectory;
    std::string logDir; // <name>.log, <name>-<k>.ctl (the FIFO), <name>-<k>.status.json
    std::function<void(std::string_view line)> onLine;
};

struct ArmBlock {
    std::vector<int64_t> stepsNs;
    std::string clock;
    int64_t peakBytes = -1;
    bool partial = false;
};

class Arm {
public:
    explicit Arm(ArmSetup setup);
    ~Arm(); // ends a process still running
    Arm(const Arm &) = delete;
    Arm &operator=(const Arm &) = delete;

    // Starts a process and waits for the end of its warm-up, unless one waits already.
    void warmUp(const Progress &progress)
    {
        if (!waiting_)
            start(progress);
    }
    // One block of timed steps, starting a process first where none waits (then its `ready` is kept).
    // Throws ToolError when the process fails or a new process ends before it timed a step, Cancelled.
    ArmBlock runBlock(const Progress &progress);
    // Tells a waiting process to end the script, and waits for it.
    void stop();

    const nlohmann::json &firstReady() const { return firstReady_; } // the first process's `ready`
    int processes() const { return processes_; }
    int cutShort() const { return cutShort_; } // blocks the script's end cut short

private:
    struct Event {
        enum class Kind { Ready, Block, End, Exited } kind;
        nlohmann::json data;
        ProcessResult exit;
    };
    void start(const Progress &progress);
    Event next(const Progress &progress);
    void send(const char *line);
    void finish(); // joins the thread, closes the FIFO
    [[noreturn]] void fail(const std::string &why);

    ArmSetup setup_;
    concurrency::Worker worker_; // runs the current process
    bool running_ = false;       // a process was started and its job not waited for
    std::atomic<bool> cancel_{false};
    std::shared_ptr<concurrency::Channel<Event>> events_; // the current process's markers, then its exit
    std::mutex mutex_;                                    // guards errors_ and tail_
    std::vector<std::string> errors_;                     // OPSCOPE error lines of the current process
    std::deque<std::string> tail_;                        // its last lines
    int control_ = -1;                                    // the FIFO, open for writing
    bool waiting_ = false;                                // a process waits for its next block
    int processes_ = 0;
    int cutShort_ = 0;
    nlohmann::json firstReady_;
};

} // namespace opscope::pipeline::detail
