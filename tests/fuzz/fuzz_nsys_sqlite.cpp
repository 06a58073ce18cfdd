// libFuzzer target: Nsight Systems SQLite export.
// The input is a database file or an SQL script building one (see writeDatabase).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    abortOn(importAndCheck("nsys-sqlite", writeDatabase(data, size, "input.sqlite")));
    return 0;
}
