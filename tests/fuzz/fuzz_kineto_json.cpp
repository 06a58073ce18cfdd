// libFuzzer target: torch.profiler (Kineto) Chrome trace JSON, plain or gzipped.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    abortOn(importAndCheck("kineto-json", writeInput(data, size, "input.json")));
    return 0;
}
