// libFuzzer target: Operator Profiler profile.json, parsed from memory (parseOperatorProfilerJson is
// what importOperatorProfilerJson runs on the file's text).
#include "fuzz_common.h"

#include "opscope/errors.h"
#include "opscope/operator_profiler_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    (void)opscope::looksLikeOperatorProfilerJson(text);
    opscope::Profile p;
    try {
        p = opscope::parseOperatorProfilerJson(text, "profile.json");
    } catch (const opscope::FileError &) {
        return 0;
    }
    opscope::fuzz::abortOn(opscope::fuzz::check(p));
    return 0;
}
