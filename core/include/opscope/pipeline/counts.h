#pragma once
// Kernel counts of the two passes (the nsys timeline and the ncu replay): what the replay will
// profile, and whether the passes agree.

#include <cstdint>
#include <string>
#include <vector>

namespace opscope::pipeline {

// Kernels nsys saw inside the CAPTURE range of an nsys SQLite export (launch time inside the start/
// end range), and those of them launched inside one of `excludedLabels` (push/pop ranges on the
// launching thread). Throws FileError.
struct CaptureKernelCount {
    int64_t inCapture = 0;
    int64_t excluded = 0;
};
CaptureKernelCount countCaptureKernels(const std::string &nsysSqlite, const std::vector<std::string> &excludedLabels,
                                       const std::string &captureRange = "CAPTURE");
// Profiled kernels (distinct IDs) in an ncu --page raw CSV. Throws FileError.
int64_t countNcuCsvKernels(const std::string &csvPath);

} // namespace opscope::pipeline
