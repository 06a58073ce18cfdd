#include "timeline/timeline_slots.h"

#include "opscope/concurrency/parallel.h"

#include <iterator>

namespace opscope::ui {

namespace {

uint8_t slotOf(ColorCache &colors, ColorMode mode, EventKind kind, Index index)
{
    switch (kind) {
    case EventKind::Kernel:
        return colors.kernelSlot(index, mode);
    case EventKind::MemoryOp:
        return colors.memoryOpSlot(index);
    case EventKind::Operator:
        return colors.operatorSlot(index, mode);
    case EventKind::Range:
        return colors.rangeSlot(index, mode);
    case EventKind::ApiCall:
        return colors.apiCallSlot(index);
    case EventKind::Module: // a phase: the colour its kernels take in module colouring
        return colors.moduleSlot(index);
    case EventKind::None:
        break;
    }
    return kNeutralSlot;
}

} // namespace

void TimelineSlots::compute(const TimelineModel *model, ColorCache *colors, ColorMode mode)
{
    events_.clear();
    groups_.clear();
    cells_.clear();
    if (!model || !colors)
        return;
    cells_.resize(model->rows().size());
    events_.resize(model->rows().size());
    groups_.resize(model->rows().size());
    for (size_t r = 0; r < events_.size(); ++r) {
        const TimelineRow &row = model->rows()[r];
        events_[r].resize(row.size());
        for (size_t i = 0; i < row.size(); ++i)
            events_[r][i] = slotOf(*colors, mode, row.kind, row.events[i]);
        groups_[r].resize(row.groups.size());
        for (size_t g = 0; g < row.groups.size(); ++g)
            groups_[r][g] = events_[r][g * TimelineRow::kGroupSize + row.groups[g].longestOffset];
        for (const std::vector<TimelineCell> &level : row.cellLevels) {
            std::vector<uint8_t> &levelSlots = cells_[r].emplace_back(level.size());
            for (size_t j = 0; j < level.size(); ++j)
                levelSlots[j] = level[j].empty() ? kNeutralSlot : events_[r][level[j].longestEvent];
        }
    }
}

std::shared_ptr<const TimelineColoring> colorTimeline(const TimelineModel &model)
{
    // The two modes are independent (a cache each): one thread each.
    auto coloring = std::make_shared<TimelineColoring>();
    constexpr ColorMode kModes[] = {ColorMode::Operator, ColorMode::Module};
    onThreads(std::size(kModes), [&](size_t m) {
        ColorCache colors(model.profile());
        coloring->byMode[size_t(kModes[m])].compute(&model, &colors, kModes[m]);
    });
    return coloring;
}

} // namespace opscope::ui
