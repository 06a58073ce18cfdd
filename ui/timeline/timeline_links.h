#pragma once
// What the timeline links an event to, with no Qt: an operator to the kernels it launched, a kernel or
// memory operation to the API call that launched it, and a collective to the same collective on the
// other ranks. Part of the row index library (timeline_rows.h); the model answers through it.

#include "timeline/timeline_rows.h"

#include "opscope/profile.h"

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace opscope::ui {

class TimelineLinks {
public:
    explicit TimelineLinks(const Profile &profile) : profile_(profile) {}

    // Indexes the operators' kernels and the API calls that launch (kernelsOfOperator, launchOf).
    void linkLaunches();
    // Matches the collectives across ranks (sameCollectiveOnOtherRanks): for a profile shown as two or
    // more rank groups.
    void matchCollectives();

    // Kernels attributed to an operator (Kernel::op), in start order.
    std::span<const Index> kernelsOfOperator(Index op) const;
    // The API call that launched a kernel or memory operation (same CUPTI correlation id), or kNoIndex.
    Index launchOf(EventRef event) const;
    // A collective (an NCCL kernel, a CPU collective op): the same collective on the other ranks, matched
    // by process group and index in it as analyzeRanks matches them (rank order). Empty for any other
    // event, and before matchCollectives.
    std::vector<EventRef> sameCollectiveOnOtherRanks(EventRef event) const;

private:
    const Profile &profile_;
    std::vector<uint32_t> opKernelOffsets_; // CSR: kernels of op o are opKernels_[offsets[o]..offsets[o+1])
    std::vector<Index> opKernels_;
    std::vector<std::pair<uint32_t, Index>> apiByCorrelation_; // sorted
    // Collectives matched across ranks: (packed event, match) sorted, and each match's events (CSR).
    std::vector<std::pair<uint64_t, uint32_t>> collectiveMatch_;
    std::vector<uint32_t> matchOffsets_;
    std::vector<EventRef> matchMembers_;
};

} // namespace opscope::ui
