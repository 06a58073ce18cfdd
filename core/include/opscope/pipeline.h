#pragma once
// The capture and replay pipeline: find the tools, build their exact argument vectors, run them
// (through the one process runner) into a run folder with logs and a manifest, and parse their
// output for progress and for the failures users hit most (missing tool, counter permission,
// nothing profiled, kernel counts that differ between passes). Each part has its own header; this
// one brings them all.

#include "opscope/pipeline/cli_options.h"   // requests <-> `opscope capture|replay|profile` options
#include "opscope/pipeline/commands.h"      // argument vectors of the launcher, nsys and ncu
#include "opscope/pipeline/counts.h"        // kernel counts of the two passes
#include "opscope/pipeline/partition_map.h" // groups of identical layers, dedup
#include "opscope/pipeline/rank_capture.h"  // distributed jobs: rank parts, torchrun / srun
#include "opscope/pipeline/requests.h"      // CaptureRequest, ReplayRequest
#include "opscope/pipeline/run.h"           // plan / run a capture, a replay, both; import a run
#include "opscope/pipeline/run_folder.h"    // run folders and their manifest
#include "opscope/pipeline/run_trust.h"     // whose programs a replay runs: --trust-run
#include "opscope/pipeline/tool_output.h"   // progress events and diagnostics from the tools' lines
#include "opscope/pipeline/tools.h"         // finding nsys, ncu, Python, the launcher
