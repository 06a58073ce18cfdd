// libFuzzer target: Nsight Compute CSV (raw and details pages).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    abortOn(importAndCheck("ncu-csv", writeInput(data, size, "input.csv")));
    return 0;
}
