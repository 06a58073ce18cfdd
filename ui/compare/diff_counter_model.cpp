#include "compare/diff_counter_model.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "compare/diff_colors.h"
#include "models/metric_catalog.h"
#include "models/model_roles.h"
#include "opscope/aggregate.h"
#include "opscope/format.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>

#include <cmath>
#include <map>

namespace opscope::ui {

// internalId: 0 for a section row, section + 1 for an entry row.

namespace {

QString signedValue(double value, const std::string &unit)
{
    if (value == 0)
        return QStringLiteral("0");
    const QString magnitude = formatMetricValue(std::fabs(value), unit);
    return (value > 0 ? QStringLiteral("+") : QString(QChar(0x2212))) + magnitude;
}

// ncu labels some rates with the unit of the amount (an L2 "per_second" metric in "byte", the L1 one
// in nothing): a per-second metric of bytes is a rate, as the counter panel reads it too.
std::string displayUnit(const CounterDelta &d)
{
    if (d.metric.ends_with(".per_second") && d.metric.find("bytes") != std::string::npos &&
        (d.unit.empty() || d.unit == "byte"))
        return "byte/s";
    return d.unit;
}

bool isDuration(const CounterDelta &d)
{
    return d.metric == "gpu__time_duration.sum" || d.unit == "ns";
}

} // namespace

std::vector<CounterDelta> moduleCounterDeltas(const Comparison &c, int moduleRow)
{
    std::vector<Index> kernels[2];
    for (int k : relatedRows(c, DiffLevel::Module, moduleRow, DiffLevel::Kernel)) {
        const KernelDiffRow &row = c.diff.kernels[size_t(k)];
        if (row.beforeKernel != kNoIndex)
            kernels[0].push_back(row.beforeKernel);
        if (row.afterKernel != kNoIndex)
            kernels[1].push_back(row.afterKernel);
    }
    std::vector<CounterDelta> out;
    std::map<std::string, size_t> rowOf;
    for (int s = 0; s < 2; ++s) {
        const Profile &p = c.profile(Side(s));
        for (const AggregatedCounter &a : aggregateCounters(p, kernels[s])) {
            const std::string name(p.text(p.metrics[a.metric].name));
            auto [it, inserted] = rowOf.emplace(name, out.size());
            if (inserted) {
                CounterDelta d;
                d.metric = name;
                d.unit = std::string(p.text(p.metrics[a.metric].unit));
                out.push_back(d);
            }
            CounterDelta &d = out[it->second];
            (s == 0 ? d.before : d.after) = a.value;
            (s == 0 ? d.inBefore : d.inAfter) = true;
        }
    }
    return out;
}

DiffCounterModel::DiffCounterModel(QObject *parent) : QAbstractItemModel(parent) {}

void DiffCounterModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    show(DiffLevel::Kernel, -1);
}

void DiffCounterModel::show(DiffLevel level, int row)
{
    beginResetModel();
    level_ = level;
    row_ = row;
    deltas_.clear();
    sections_.clear();
    if (comparison_ && row >= 0) {
        const ProfileDiff &d = comparison_->diff;
        if (level == DiffLevel::Kernel && size_t(row) < d.kernels.size())
            deltas_ = kernelCounterDeltas(d, size_t(row));
        else if (level == DiffLevel::Operator && size_t(row) < d.operators.size())
            deltas_ = operatorCounterDeltas(d, size_t(row));
        else if (level == DiffLevel::Module && size_t(row) < d.modules.size())
            deltas_ = moduleCounterDeltas(*comparison_, row);
        else
            row_ = -1;
    }
    if (!deltas_.empty())
        buildSections();
    endResetModel();
}

void DiffCounterModel::buildSections()
{
    std::map<std::string_view, int> byMetric;
    for (size_t i = 0; i < deltas_.size(); ++i)
        byMetric.emplace(deltas_[i].metric, int(i));
    // The named quantities, by the first metric name of their spec either side has.
    for (const CounterSection &spec : counterSections()) {
        Section section{toQString(spec.title), {}};
        for (Quantity q : spec.quantities) {
            int found = -1;
            for (std::string_view name : quantitySpec(q).metrics)
                if (auto it = byMetric.find(name); it != byMetric.end()) {
                    found = it->second;
                    break;
                }
            if (found >= 0)
                section.entries.push_back({quantityLabel(q), found});
        }
        if (!section.entries.empty())
            sections_.push_back(std::move(section));
    }
    Section all{tr("All metrics"), {}};
    all.entries.reserve(deltas_.size());
    for (size_t i = 0; i < deltas_.size(); ++i)
        all.entries.push_back({toQString(deltas_[i].metric), int(i)});
    sections_.push_back(std::move(all));
}

QModelIndex DiffCounterModel::indexOfMetric(const QString &metric, int column) const
{
    if (sections_.empty())
        return {};
    const size_t s = sections_.size() - 1;
    for (size_t r = 0; r < sections_[s].entries.size(); ++r)
        if (sections_[s].entries[r].name == metric)
            return createIndex(int(r), column, quintptr(s + 1));
    return {};
}

const CounterDelta *DiffCounterModel::deltaAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == 0)
        return nullptr;
    const Entry &e = sections_[index.internalId() - 1].entries[size_t(index.row())];
    return e.delta >= 0 ? &deltas_[size_t(e.delta)] : nullptr;
}

QModelIndex DiffCounterModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return size_t(row) < sections_.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.column() != 0 ||
        size_t(row) >= sections_[size_t(parent.row())].entries.size())
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex DiffCounterModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int DiffCounterModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(sections_.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(sections_[size_t(parent.row())].entries.size());
}

int DiffCounterModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant DiffCounterModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0) {
        if (index.column() != NameColumn)
            return {};
        if (role == Qt::DisplayRole || role == SortRole)
            return sections_[size_t(index.row())].title;
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return entryData(sections_[index.internalId() - 1].entries[size_t(index.row())], index.column(), role);
}

QVariant DiffCounterModel::entryData(const Entry &entry, int column, int role) const
{
    const CounterDelta &d = deltas_[size_t(entry.delta)];
    const std::string unit = displayUnit(d);
    const bool both = d.inBefore && d.inAfter;
    const double pct = both && d.before != 0 ? d.pctDifference() : kNaN;
    const double z = d.stats.hasZScore() ? d.stats.zScore : kNaN;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return entry.name;
        case BeforeColumn:
            return d.inBefore ? formatMetricValue(d.before, unit) : tr("not collected");
        case AfterColumn:
            return d.inAfter ? formatMetricValue(d.after, unit) : tr("not collected");
        case ChangeColumn:
            return both ? signedValue(d.delta(), unit) : QString();
        case ChangePctColumn:
            if (std::isnan(pct))
                return QString();
            return toQString(formatChangePct(pct, Typography::Unicode));
        case ZScoreColumn:
            return std::isnan(z) ? QString() : QStringLiteral("%1").arg(z, 0, 'f', 1);
        case MetricColumn:
            return toQString(d.metric);
        }
        return {};
    case SortRole:
        switch (column) {
        case NameColumn:
            return entry.name;
        case BeforeColumn:
            return d.inBefore ? d.before : kNaN;
        case AfterColumn:
            return d.inAfter ? d.after : kNaN;
        case ChangeColumn:
            return both ? d.delta() : kNaN;
        case ChangePctColumn:
            return pct;
        case ZScoreColumn:
            return z;
        case MetricColumn:
            return toQString(d.metric);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == NameColumn || column == MetricColumn)
            return {};
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if ((column == BeforeColumn && !d.inBefore) || (column == AfterColumn && !d.inAfter))
            return QBrush(QGuiApplication::palette().color(QPalette::PlaceholderText));
        return {};
    case Qt::BackgroundRole:
        // Durations read like the time columns everywhere else: green shorter, red longer. Other
        // counters have no good direction (more DRAM traffic may be better or worse), so no tint.
        if (both && isDuration(d) && (column == ChangeColumn || column == ChangePctColumn))
            if (const QColor tint = diffTint(int64_t(std::llround(d.delta())), int64_t(std::llround(d.before)),
                                             QGuiApplication::palette());
                tint.isValid())
                return QBrush(tint);
        return {};
    case Qt::ToolTipRole:
        return tr("%1 (%2)\nbefore %3, after %4")
            .arg(toQString(d.metric), toQString(unit),
                 d.inBefore ? formatMetricValue(d.before, unit) : tr("not collected"),
                 d.inAfter ? formatMetricValue(d.after, unit) : tr("not collected"));
    }
    return {};
}

QVariant DiffCounterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("The counter, in Nsight Compute's sections");
        case BeforeColumn:
            return tr("Its value in BEFORE (the kernel's, or its kernels' combined)");
        case AfterColumn:
            return tr("Its value in AFTER");
        case ChangeColumn:
            return tr("After − before");
        case ChangePctColumn:
            return tr("After − before, as a percentage of before");
        case ZScoreColumn:
            return tr("AFTER's z-score against the BEFORE runs (with several BEFORE runs only)");
        case MetricColumn:
            return tr("The Nsight Compute metric it comes from");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Counter");
    case BeforeColumn:
        return tr("Before");
    case AfterColumn:
        return tr("After");
    case ChangeColumn:
        return tr("Change");
    case ChangePctColumn:
        return tr("Change %");
    case ZScoreColumn:
        return tr("z");
    case MetricColumn:
        return tr("Metric");
    }
    return {};
}

} // namespace opscope::ui
