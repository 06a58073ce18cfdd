#pragma once
// A run folder for the verify suites (tst_verify, tst_insights_try) whose profile is a real capture with
// an item `opscope verify` can measure: tests/data/h100_gpt_vocab50257, examples/gpt.py's training step
// with the 50,257-token vocabulary captured on the H100 (its shape-alignment item's fix is
// pad=head:50304). The folder holds that capture's files as `opscope profile` left them and a manifest
// naming the same script as the workload, at a size a CPU runs quickly (tiny, one sequence of 8 tokens, with that
// vocabulary), so that both arms of a verify really run here. The profile is made by the pipeline's own import
// (importRun).
#include "opscope/pipeline.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace opscope::test {

inline nlohmann::json readJsonFile(const std::string &path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// Makes <dir>/<name> and imports it; returns the run folder ("" when the capture's files cannot be
// unpacked). `python`: the interpreter the workload runs with.
inline std::string realCaptureRun(const QTemporaryDir &dir, const std::string &python, const char *name = "gpt-vocab",
                                  std::vector<std::string> args = {"--size", "tiny", "--vocab", "50257", "--batch", "1",
                                                                   "--seq", "8", "--steps", "400", "--log-every", "0"},
                                  const std::string &capture = "tests/data/h100_gpt_vocab50257")
{
    namespace fs = std::filesystem;
    const std::string data = sourceFile(capture);
    const std::string run = tempPath(dir, name);
    fs::create_directories(run);
    const bool counters = fs::exists(data + "/ncu_raw.csv.gz"); // an nsys-only capture has none
    if (!gunzipFile(data + "/nsys.sqlite.gz", run + "/nsys.sqlite") ||
        (counters && !gunzipFile(data + "/ncu_raw.csv.gz", run + "/ncu_raw.csv")))
        return {};
    fs::copy_file(data + "/partition_map.json", run + "/partition_map.json");
    fs::copy_file(data + "/launcher_status.json", run + "/launcher_status.json");
    nlohmann::json manifest = {{"format", "opscope-run"},
                               {"version", 1},
                               {"name", name},
                               {"workload",
                                {{"script", sourceFile("examples/gpt.py")},
                                 {"args", args},
                                 {"working_directory", ""},
                                 {"python", python},
                                 {"env", nlohmann::json::object()}}},
                               {"capture",
                                {{"tool", "nsys"},
                                 {"warmup", 2},
                                 {"reference_steps", 3},
                                 {"steps", 1},
                                 {"step", "auto"},
                                 {"compile", "eager"}}},
                               {"launcher", readJsonFile(run + "/launcher_status.json")},
                               {"correlation", readJsonFile(data + "/correlation_status.json")},
                               {"outputs",
                                {{"nsys_sqlite", "nsys.sqlite"},
                                 {"partition_map", "partition_map.json"},
                                 {"launcher_status", "launcher_status.json"}}},
                               {"replays", nlohmann::json::array()},
                               {"stages", nlohmann::json::array()},
                               {"counts", nlohmann::json::object()}};
    if (counters) {
        manifest["outputs"]["ncu_csv"] = "ncu_raw.csv";
        manifest["replays"].push_back(
            {{"id", "replay-1"}, {"dedup", true}, {"result", "ok"}, {"metric_set", "roofline"}});
    }
    std::ofstream(run + "/manifest.json") << manifest.dump(2);
    pipeline::importRun(run);
    return run;
}

} // namespace opscope::test
