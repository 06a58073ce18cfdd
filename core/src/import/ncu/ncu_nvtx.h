#pragma once
// Nsight Compute's NVTX columns, and the ranges they stand for on the serial timeline.
//
// With --nvtx, ncu writes the NVTX state at each launch into two columns (ncu 2025.3, checked on real
// output, see tests/data/ncu_probe):
//   "thread Domain:Push/Pop_Range:PL_Type:PL_Value:CLR_Type:Color:Msg_Type:Msg"
//       539  "<default domain>:CAPTURE:none:none:none:none:none:none"  "<default domain>:model[GPT]:none:..."
//     the launching thread's id, then the open push/pop ranges, outermost first, grouped by domain;
//   "Id:Domain:Start/Stop_Range:PL_Type:PL_Value:CLR_Type:Color:Msg_Type:Msg"
//        "0:<default domain>:se: first:none:none:none:none:none:none"  "2:my:domain:dom se:Double:2.5:..."
//     the open start/end ranges of the process, each with its range id.
// Each entry is DOMAIN:NAME:PL_Type:PL_Value:CLR_Type:Color:Msg_Type:Msg. Messages, payload-less or not,
// and even domain names may contain ':' (and ', '), so an entry is split from its end: when Msg_Type is
// "none" the last six fields are the attributes; otherwise Msg repeats NAME (ncu writes
// "...:ASCII:ex:colour+payload" for the message "ex:colour+payload"), which pins down both ends.

#include "opscope/profile.h"

#include <cstdint>
#include <map>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace opscope::importers::ncu {

struct NvtxEntry {
    std::string_view domain;  // "default" for ncu's "<default domain>"
    std::string_view message; // the range's text
    int64_t id = -1;          // start/end range id; -1 for push/pop
};

struct NvtxCell {
    bool hasThread = false;
    int64_t thread = 0;             // push/pop: the launching thread's id
    std::vector<NvtxEntry> entries; // outermost first, in ncu's order
    size_t malformed = 0;           // entries without the eight fields (kept with the whole text as message)
};

// Parses one cell of either NVTX column. The views point into `cell`.
void parseNvtxCell(std::string_view cell, bool startEnd, NvtxCell &out);

// Splits one entry ("<default domain>:aten::mm, op_id = 3:none:none:none:none:none:none") into domain
// and message; returns false (message = whole entry) when it lacks the attribute fields.
bool splitNvtxEntry(std::string_view entry, std::string_view &domain, std::string_view &message);

// Builds Range records from the NVTX state of consecutive kernels on the serial timeline. A range spans
// the run of kernels (of its thread for push/pop, of its process for start/end) that share it; a change
// of the enclosing stack starts a new range. Kernels are fed in timeline order.
class NvtxRangeBuilder {
public:
    explicit NvtxRangeBuilder(Profile &profile) : p_(profile) {}

    // `thread`: the launching thread's index in profile.threads (push/pop), or kNoIndex when ncu
    // recorded no push/pop state for the launch.
    void addKernel(const Kernel &kernel, int64_t pid, Index thread, const NvtxCell &pushPop, const NvtxCell &startEnd);

private:
    struct Open {
        StringId text;
        Index range;
    };
    struct OpenStartEnd {
        Index range;
        uint64_t lastKernel;
    };
    void addPushPop(const Kernel &kernel, Index thread, const NvtxCell &cell);
    void addStartEnd(const Kernel &kernel, int64_t pid, const NvtxCell &cell);
    Index newRange(const Kernel &kernel, StringId text, StringId domain, Index thread, size_t depth, RangeKind kind);

    Profile &p_;
    uint64_t kernelCount_ = 0;
    std::map<std::pair<Index, StringId>, std::vector<Open>> pushPop_; // (thread, domain) -> open stack
    // (pid, range id, text) -> open start/end range
    std::map<std::tuple<int64_t, int64_t, StringId>, OpenStartEnd> startEnd_;
    std::vector<StringId> domains_; // scratch: this kernel's domains in order
    std::vector<StringId> texts_;   // scratch: one domain's stack
};

} // namespace opscope::importers::ncu
