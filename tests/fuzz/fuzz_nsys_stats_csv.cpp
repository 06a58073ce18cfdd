// libFuzzer target: nsys stats NVTX push/pop trace CSV.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    abortOn(importAndCheck("nsys-stats-csv", writeInput(data, size, "input.csv")));
    return 0;
}
