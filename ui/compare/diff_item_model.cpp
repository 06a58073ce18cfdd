#include "compare/diff_item_model.h"

#include <algorithm>

namespace opscope::ui {

int64_t DiffItemModel::reference() const
{
    if (!comparison_)
        return 0;
    const TimePair &t = comparison_->diff.totals.stepGpuTime;
    return std::max(t.before, t.after);
}

} // namespace opscope::ui
