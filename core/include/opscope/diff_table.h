#pragma once
// A diff as text cells: the rows of one level and the totals, shared by `opscope diff`'s terminal table and
// the Markdown/HTML reports.

#include "opscope/diff.h"

#include <string>
#include <vector>

namespace opscope {

struct DiffTable {
    std::vector<std::string> header;
    std::vector<bool> numeric; // per column: right-aligned
    std::vector<std::vector<std::string>> rows;
    std::vector<DiffStatus> status;
    size_t hiddenEmpty = 0; // rows with no GPU time on either side, left out unless asked for
};
// The rows of `level`, names cut to `nameWidth` characters.
DiffTable diffTable(const ProfileDiff &diff, DiffLevel level, bool includeEmpty, size_t nameWidth);

// The totals as (label, before, after, delta, ratio) lines.
std::vector<std::vector<std::string>> totalsLines(const ProfileDiff &diff);

} // namespace opscope
