// libFuzzer target: ONNX Runtime profile JSON.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    abortOn(importAndCheck("onnxruntime-json", writeInput(data, size, "input.json")));
    return 0;
}
