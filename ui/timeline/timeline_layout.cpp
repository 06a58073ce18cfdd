#include "timeline/timeline_layout.h"

#include "timeline/timeline_model.h"

#include <algorithm>
#include <cstdlib>

namespace opscope::ui {

namespace {

constexpr int kLabelEdgePx = 3;    // this close to the names column's edge, a press resizes it
constexpr int kMemoryRowLines = 3; // a memory curve's row is this many rows high

} // namespace

void TimelineLayout::setModel(const TimelineModel *model)
{
    model_ = model;
    expanded_.assign(model_ ? model_->tracks().size() : 0, 1);
    groupExpanded_.assign(model_ ? model_->trackGroups().size() : 0, 1);
    relayout();
}

void TimelineLayout::relayout()
{
    lines_.clear();
    rowLine_.assign(model_ ? model_->rows().size() : 0, -1);
    trackLine_.assign(model_ ? model_->tracks().size() : 0, -1);
    groupLine_.assign(groupExpanded_.size(), -1);
    int y = 0;
    if (model_)
        for (size_t t = 0; t < model_->tracks().size(); ++t) {
            const TimelineTrack &track = model_->tracks()[t];
            if (track.group >= 0) {
                const TimelineTrackGroup &group = model_->trackGroups()[size_t(track.group)];
                if (int(t) == group.firstTrack) {
                    groupLine_[size_t(track.group)] = int(lines_.size());
                    lines_.push_back({y, headerHeight_, group.summaryTrack, -1, track.group});
                    y += headerHeight_;
                }
                if (!groupExpanded_[size_t(track.group)])
                    continue; // the group's header stands for its tracks
            }
            trackLine_[t] = int(lines_.size());
            lines_.push_back({y, headerHeight_, int(t), -1});
            y += headerHeight_;
            if (!expanded_[t])
                continue;
            for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r) {
                // A memory curve gets the height of a few rows: its shape is what it shows.
                const bool curve = model_->rows()[size_t(r)].group == RowGroup::MemoryCurve;
                const int height = curve ? kMemoryRowLines * rowHeight_ : rowHeight_;
                rowLine_[size_t(r)] = int(lines_.size());
                lines_.push_back({y, height, int(t), r});
                y += height;
            }
        }
    contentHeight_ = y;
}

const TimelineLayout::Line *TimelineLayout::lineAt(int y) const
{
    auto it = std::upper_bound(lines_.begin(), lines_.end(), y, [](int v, const Line &l) { return v < l.y; });
    if (it == lines_.begin())
        return nullptr;
    --it;
    return y < it->y + it->height ? &*it : nullptr;
}

const TimelineLayout::Line *TimelineLayout::rowLine(int row) const
{
    if (row < 0 || size_t(row) >= rowLine_.size() || rowLine_[size_t(row)] < 0)
        return nullptr;
    return &lines_[size_t(rowLine_[size_t(row)])];
}

const TimelineLayout::Line &TimelineLayout::trackHeader(int track) const
{
    const int line = trackLine_[size_t(track)];
    if (line >= 0)
        return lines_[size_t(line)];
    return lines_[size_t(groupLine_[size_t(model_->tracks()[size_t(track)].group)])];
}

bool TimelineLayout::isGroupExpanded(int group) const
{
    return group >= 0 && size_t(group) < groupExpanded_.size() && groupExpanded_[size_t(group)];
}

bool TimelineLayout::setGroupExpanded(int group, bool expanded)
{
    if (group < 0 || size_t(group) >= groupExpanded_.size() || bool(groupExpanded_[size_t(group)]) == expanded)
        return false;
    groupExpanded_[size_t(group)] = expanded;
    relayout();
    return true;
}

bool TimelineLayout::showsSummary(const Line &header) const
{
    return header.isGroupHeader() ? !isGroupExpanded(header.group) : !isExpanded(header.track);
}

void TimelineLayout::toggle(const Line &header)
{
    if (header.isGroupHeader())
        setGroupExpanded(header.group, !isGroupExpanded(header.group));
    else
        setExpanded(header.track, !isExpanded(header.track));
}

bool TimelineLayout::isExpanded(int track) const
{
    return track >= 0 && size_t(track) < expanded_.size() && expanded_[size_t(track)];
}

bool TimelineLayout::setExpanded(int track, bool expanded)
{
    if (track < 0 || size_t(track) >= expanded_.size() || bool(expanded_[size_t(track)]) == expanded)
        return false;
    expanded_[size_t(track)] = expanded;
    relayout();
    return true;
}

void TimelineLayout::setFontMetrics(int fontHeight, int averageCharWidth, int viewportWidth)
{
    rowHeight_ = fontHeight + 4;
    headerHeight_ = rowHeight_ + 2;
    rulerHeight_ = fontHeight + 10;
    stepBandHeight_ = fontHeight + 6;
    fontLabelWidth_ = std::max(160, averageCharWidth * 30);
    labelWidth_ = fontLabelWidth_;
    fitLabelWidth(viewportWidth);
    relayout();
}

void TimelineLayout::setUserLabelWidth(int width, int viewportWidth, bool onScreen)
{
    userLabelWidth_ = width > 0 ? std::max(width, kMinLabelWidth) : 0;
    labelWidth_ = fontLabelWidth_;
    fitLabelWidth(viewportWidth);
    if (userLabelWidth_ > 0 && onScreen)
        userLabelWidth_ = labelWidth_;
}

void TimelineLayout::fitLabelWidth(int viewportWidth)
{
    if (userLabelWidth_ <= 0)
        return;
    labelWidth_ = userLabelWidth_;
    if (viewportWidth > kMinLabelWidth + kMinTimeWidth)
        labelWidth_ = std::min(labelWidth_, viewportWidth - kMinTimeWidth);
}

bool TimelineLayout::onLabelEdge(int x) const
{
    return std::abs(x - labelWidth_) <= kLabelEdgePx;
}

} // namespace opscope::ui
