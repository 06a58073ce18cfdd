#pragma once
// The item of one kind in a list of insights, for the suites that check what the finders said.

#include "opscope/insights.h"

#include <string>
#include <vector>

namespace opscope::test {

// The first item of `kind`, or nullptr.
inline const Insight *findKind(const std::vector<Insight> &insights, const std::string &kind)
{
    for (const Insight &i : insights)
        if (i.kind == kind)
            return &i;
    return nullptr;
}

} // namespace opscope::test
