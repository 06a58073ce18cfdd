#pragma once
// The H200 ranks' captures of tests/data, shared by the ranks suites (tst_ranks, tst_ranks_view).

#include "opscope/ranks.h"
#include "opscope/step_timing.h"
#include "test_util.h"

#include <QDir>
#include <QString>

#include <string>
#include <vector>

namespace opscope::test {

// Both ranks' nsys exports of a tests/data folder (rank0.local0.vm, rank1.local1.vm), unpacked into `dir`; empty
// when one could not be.
inline std::vector<std::string> unpackRankCaptures(const QString &dir, const std::string &data)
{
    std::vector<std::string> paths;
    for (const char *part : {"rank0.local0.vm", "rank1.local1.vm"}) {
        QDir(dir).mkpath(part);
        paths.push_back(dir.toStdString() + "/" + part + "/nsys.sqlite");
        if (!gunzipFile(sourceFile(data + "/" + part + "/nsys.sqlite.gz"), paths.back()))
            return {};
    }
    return paths;
}

// The launcher's per-rank timing of the job of tests/data/h200_ddp_capture_last (its README), as the job's profile
// carries it.
inline void setCaptureLastTimings(Profile &p)
{
    setRankReferenceTiming(p, 0,
                           {.referenceNs = 18'286'400,
                            .capturedNs = 51'718'334,
                            .steps = 3,
                            .clock = "cuda_event",
                            .referenceCpuNs = 14'684'760,
                            .capturedCpuNs = 51'718'415,
                            .tracedNs = 26'697'056,
                            .tracedCpuNs = 26'425'327});
    setRankReferenceTiming(p, 1,
                           {.referenceNs = 18'309'728,
                            .capturedNs = 47'427'551,
                            .steps = 2,
                            .clock = "cuda_event",
                            .referenceCpuNs = 16'794'936,
                            .capturedCpuNs = 42'192'307,
                            .tracedNs = 26'771'455,
                            .tracedCpuNs = 22'674'516,
                            .warmingUpSteps = 1});
}

} // namespace opscope::test
