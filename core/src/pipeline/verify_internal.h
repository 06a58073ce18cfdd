#pragma once
// What the files of `opscope verify` (verify.h) share among themselves. Internal to core/src/pipeline.

#include "opscope/verify.h"

#include <string>

namespace opscope::verify::internal {

// "pad=lm_head:50304" -> "pad-lm_head-50304": the fix in a file or folder name (at most 60 characters).
std::string fixSlug(const std::string &fix);

// --profile: captures the fixed arm as the run was captured (with its replay when it had one) into a run
// folder beside it and writes the before/after report into the run (verify_report.cpp). A failed capture
// is a note of the result, not an error: the timing stands.
void captureFixedArm(const VerifyRequest &request, VerifyResult &result, const VerifyCallbacks &callbacks,
                     const Progress &progress);

} // namespace opscope::verify::internal
