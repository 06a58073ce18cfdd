#pragma once
// What the counter panel lists for a selection, computed from the profile: sections of named
// quantities (see metric_catalog.h), figures derived from the roofline metrics, and the raw metrics.

#include "common/selection.h"
#include "models/metric_catalog.h"
#include "models/profile_analysis.h"

#include <QString>

#include <vector>

namespace opscope::ui {

struct CounterEntry {
    QString name;   // "L2 hit rate", or the metric name in the raw section
    QString value;  // formatted with its unit; "not collected" when absent
    QString unit;   // base unit (raw metrics; the sections' values carry theirs)
    QString metric; // the ncu metric it comes from, or how it was derived
    QString rule;   // for aggregates: how kernels were combined
    QString tooltip;
    double sort = 0; // numeric value for sorting (NaN when absent)
    double bar = -1; // a percentage drawn as a bar; < 0 for none
    bool missing = false;
    int quantity = -1; // Quantity, when the entry shows one
};

struct CounterSectionData {
    QString title;
    std::vector<CounterEntry> entries;
    bool raw = false; // the section of all raw metrics
};

// The sections for `state`; `kernels` receives the kernels the values come from.
std::vector<CounterSectionData> buildCounterSections(const ProfileAnalysis &analysis, const Selection::State &state,
                                                     std::vector<Index> &kernels);

} // namespace opscope::ui
