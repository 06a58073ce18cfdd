#pragma once
// Host work outside the model (host_only_work.cpp): what a data loader of the user's own costs the host.

#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

// Host work outside the model that gives the GPU nothing: in the labelled step, the largest operators outside every
// module (or in the phases data and other) whose calls launched no kernel and made no CUDA call at all (a copy or a
// synchronisation is a wait, which other items name), at least kHostOnlyMinOpNs each. A data loader of the
// user's own (tokenising, augmenting, sorting on the CPU in the training process) shows so where no DataLoader
// range does. Returns the ops' intervals and their names with total time, largest first.
struct HostOnlyWork {
    struct Op {
        std::string name;
        size_t calls = 0;
        int64_t ns = 0;
    };
    std::vector<std::pair<int64_t, int64_t>> intervals;
    std::vector<Op> byName; // the time of each operator name, largest first
};
HostOnlyWork hostOnlyWorkOutsideModel(const Profile &p, const StepRange &step);
// The host-only work's total time (its intervals are disjoint: the largest such operators, none inside another).
int64_t totalNs(const HostOnlyWork &work);

} // namespace opscope
