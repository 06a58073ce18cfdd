#pragma once
// Export of a profile as Chrome trace-event JSON (the format of torch.profiler's export_chrome_trace),
// which Perfetto's UI, chrome://tracing and OpScope's own torch.profiler importer open. It carries what
// OpScope worked out: module bands and operators as nested slices on their threads, kernels, copies and
// syncs on their GPU streams, launch -> kernel and forward -> backward flows, every kernel's operator,
// module, attribution method, confidence, step and counters as arguments, and the captured and plain
// reference steps on a track of their own. docs/export.md lists every event and argument.

#include "opscope/profile.h"
#include "opscope/progress.h"

#include <ostream>
#include <string>

namespace opscope {

// Writes `profile` (attributed) as trace-event JSON to `out`, reporting the share of events written
// through `progress` (Cancelled when it is cancelled).
void writeTraceEventJson(const Profile &profile, std::ostream &out, const Progress &progress = {});

// Writes it to `path`, replacing the file only once it is complete (a cancelled export leaves nothing).
// Throws FileError, or Cancelled.
void writeTraceEventJsonFile(const Profile &profile, const std::string &path, const Progress &progress = {});

} // namespace opscope
