#pragma once
// Whose programs a replay runs. A replay takes the interpreter, the script, its arguments, working
// directory and environment, and the step source from the run's manifest.json: for a run captured here,
// what the user chose; for a run folder someone sent (or a manifest changed since), what someone else
// chose (`"python": "/tmp/x/fakepython"`, `"env": {"LD_PRELOAD": ...}`). Every capture records its
// workload in a list of this user's (capturedWorkloadsFile()); a replay whose workload is not on it lists
// each of those values with where it came from, and runs them only when the user says so: `--trust-run`
// (ReplayRequest::trustRun) on the command line, the review page in the replay wizard.

#include "opscope/pipeline/run_folder.h"

#include <string>
#include <vector>

namespace opscope::pipeline {

// The list of workloads this user captured: $OPSCOPE_STATE_DIR, else $XDG_STATE_HOME/opscope, else
// ~/.local/state/opscope, /captured-workloads.jsonl (one JSON object a line).
std::string capturedWorkloadsFile();

// Adds the run's workload (as its manifest has it) to the list. Failures are ignored: the run itself is
// fine, a later replay of it asks for --trust-run.
void recordCapturedWorkload(const RunFolder &run);

// The programs and environment values a replay of `run` takes from its manifest, one line each
// ("python /tmp/x/fakepython (workload.python in manifest.json)"), when its workload is not one this user
// captured here; empty when it is.
std::vector<std::string> untrustedRunValues(const RunFolder &run);

} // namespace opscope::pipeline
