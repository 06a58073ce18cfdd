#include "timeline/timeline_model.h"

#include "timeline/timeline_labels.h"
#include "timeline/timeline_scheduling.h"

#include <algorithm>
#include <limits>

namespace opscope::ui {

TimelineModel::TimelineModel(const Profile &profile, const MemoryReport *memory, unsigned threads)
    : profile_(profile), links_(profile)
{
    const unsigned workers = timelineThreads(threads);
    TrackPlan plan = planTracks(profile, memory, workers);
    std::vector<size_t> jobSizes;
    for (const TimelineRowJob &job : plan.jobs)
        jobSizes.push_back(job.events.size());
    runBiggestFirst(
        jobSizes, workers,
        [&](size_t j, size_t jobThreads) {
            TimelineRowJob &job = plan.jobs[j];
            job.rows = buildTimelineRows(profile, job.track, job.kind, job.group, std::move(job.events), jobThreads);
        },
        [&] { // what does not depend on the rows is built meanwhile
            rows_.reset(profile);
            links_.linkLaunches();
        });
    appendTrackRows(plan, rows_);
    tracks_ = std::move(plan.tracks);
    memoryCurves_ = std::move(plan.memoryCurves);
    groups_ = groupTracksByRank(profile, tracks_, rows_.rows());
    if (groups_.size() >= 2)
        links_.matchCollectives();

    traceStart_ = std::numeric_limits<int64_t>::max();
    traceEnd_ = std::numeric_limits<int64_t>::min();
    for (const TimelineRow &row : rows_.rows()) {
        eventCount_ += row.size();
        if (!row.events.empty()) {
            traceStart_ = std::min(traceStart_, row.start(0));
            traceEnd_ = std::max(traceEnd_, row.end(row.size() - 1));
        }
    }
    if (eventCount_ == 0) {
        traceStart_ = profile.span_start_ns;
        traceEnd_ = profile.span_end_ns;
    }
    timeOrigin_ = profile.timeOrigin();
    steps_ = timelineSteps(profile);
    phases_ = timelinePhases(profile);
    for (MemoryCurve &curve : memoryCurves_) // the last totals hold to the end of what the timeline shows
        curve.end = std::max(curve.end, traceEnd_);
}

int TimelineModel::rowOf(EventRef event) const
{
    return rows_.rowOf(event);
}

int64_t TimelineModel::startOf(EventRef event) const
{
    return withEventTable(profile_, event.kind, int64_t(0), [&](const auto &table) {
        return event.index < table.size() ? table[event.index].start_ns : 0;
    });
}

int64_t TimelineModel::endOf(EventRef event) const
{
    return withEventTable(profile_, event.kind, int64_t(0), [&](const auto &table) {
        return event.index < table.size() ? clampedEnd(table[event.index]) : 0;
    });
}

std::span<const Index> TimelineModel::kernelsOfOperator(Index op) const
{
    return links_.kernelsOfOperator(op);
}

Index TimelineModel::launchOf(EventRef event) const
{
    return links_.launchOf(event);
}

std::vector<EventRef> TimelineModel::sameCollectiveOnOtherRanks(EventRef event) const
{
    return links_.sameCollectiveOnOtherRanks(event);
}

QString TimelineModel::label(EventRef event) const
{
    return timelineLabel(profile_, event);
}

} // namespace opscope::ui
