#include "timeline/timeline_row_index.h"

namespace opscope::ui {

void TimelineRowIndex::reset(const Profile &p)
{
    rows_.clear();
    rowOf_[size_t(EventKind::Kernel)].assign(p.kernels.size(), UINT32_MAX);
    rowOf_[size_t(EventKind::MemoryOp)].assign(p.memory_ops.size(), UINT32_MAX);
    rowOf_[size_t(EventKind::Operator)].assign(p.operators.size(), UINT32_MAX);
    rowOf_[size_t(EventKind::Range)].assign(p.ranges.size(), UINT32_MAX);
    rowOf_[size_t(EventKind::ApiCall)].assign(p.api_calls.size(), UINT32_MAX);
    rowOf_[size_t(EventKind::Module)].assign(p.modules.size(), UINT32_MAX);
}

void TimelineRowIndex::append(std::vector<TimelineRow> &rows)
{
    for (TimelineRow &row : rows)
        append(std::move(row));
    std::vector<TimelineRow>().swap(rows);
}

void TimelineRowIndex::append(TimelineRow row)
{
    std::vector<uint32_t> &rowOf = rowOf_[size_t(row.kind)];
    const uint32_t r = uint32_t(rows_.size());
    for (const Index e : row.events)
        rowOf[e] = r;
    rows_.push_back(std::move(row));
}

int TimelineRowIndex::rowOf(EventRef event) const
{
    if (!event.valid())
        return -1;
    const std::vector<uint32_t> &rows = rowOf_[size_t(event.kind)];
    return event.index < rows.size() && rows[event.index] != UINT32_MAX ? int(rows[event.index]) : -1;
}

} // namespace opscope::ui
