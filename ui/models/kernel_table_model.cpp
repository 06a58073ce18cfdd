#include "models/kernel_table_model.h"

#include "common/kernel_description.h"
#include "common/palette.h"
#include "common/qt_text.h"
#include "common/value_format.h"
#include "models/model_roles.h"
#include "timeline/timeline_model.h"

#include "opscope/format.h"

#include <QGuiApplication>
#include <QPalette>

#include <cmath>

namespace opscope::ui {

namespace {

QString dim3Cell(const Dim3 &d)
{
    if (d.volume() == 0)
        return {};
    return QStringLiteral("(%1, %2, %3)").arg(d.x).arg(d.y).arg(d.z);
}

} // namespace

std::shared_ptr<const KernelTableRows> kernelTableRows(const ProfileAnalysis &analysis, bool stepOnly)
{
    auto table = std::make_shared<KernelTableRows>();
    table->stepOnly = stepOnly;
    if (!analysis.profile)
        return table;
    const Profile &p = *analysis.profile;
    const MetricResolver metrics(p);
    // Memory throughput as ncu's Speed Of Light has it, else DRAM throughput (Operator Profiler sets).
    Index memory = metrics.id(Quantity::MemoryThroughput);
    if (memory == kNoIndex)
        memory = metrics.id(Quantity::DramThroughput);
    table->memoryMetric = memory == kNoIndex ? QString() : toQString(p.text(p.metrics[memory].name));
    const Index sm = metrics.id(Quantity::SmThroughput), occupancy = metrics.id(Quantity::AchievedOccupancy);
    const Index bandwidth = metrics.id(Quantity::DramBandwidth);

    table->rowOfKernel.assign(p.kernels.size(), -1);
    table->rows.reserve(stepOnly ? analysis.stepKernels.size() : p.kernels.size());
    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (stepOnly && (p.kernels[k].flags & kKernelOutsideCapture))
            continue;
        KernelTableRow row{k, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN};
        row.counters = !p.countersOfKernel(k).empty();
        // One pass over the kernel's counters for all columns.
        for (const MetricValue &v : p.countersOfKernel(k)) {
            if (v.flags & (kValueText | kValueNull))
                continue;
            if (v.metric == sm)
                row.sm = v.value;
            else if (v.metric == memory)
                row.memory = v.value;
            else if (v.metric == occupancy)
                row.occupancy = v.value;
            else if (v.metric == bandwidth)
                row.dramBandwidth = v.value;
        }
        const KernelRoofline &r = analysis.roofline[k];
        row.roofline = r.valid;
        if (r.valid) {
            row.flops = r.achievedFlops();
            if (r.memory[int(MemoryLevel::Dram)].achieved > 0)
                row.intensity = r.intensity(MemoryLevel::Dram);
        }
        table->rowOfKernel[k] = int(table->rows.size());
        table->rows.push_back(row);
    }
    return table;
}

KernelTableModel::KernelTableModel(QObject *parent)
    : QAbstractTableModel(parent), table_(std::make_shared<const KernelTableRows>())
{
}

void KernelTableModel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    rebuild();
}

void KernelTableModel::setStepOnly(bool stepOnly)
{
    if (stepOnly == stepOnly_)
        return;
    stepOnly_ = stepOnly;
    rebuild();
}

void KernelTableModel::rebuild()
{
    beginResetModel();
    if (!analysis_)
        table_ = std::make_shared<const KernelTableRows>();
    else if (analysis_->kernelRows && analysis_->kernelRows->stepOnly == stepOnly_)
        table_ = analysis_->kernelRows; // built by the loader, off this thread
    else
        table_ = kernelTableRows(*analysis_, stepOnly_);
    endResetModel();
}

int KernelTableModel::rowOfKernel(Index kernel) const
{
    return kernel < table_->rowOfKernel.size() ? table_->rowOfKernel[kernel] : -1;
}

int KernelTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(table_->rows.size());
}

int KernelTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool KernelTableModel::notCollected(const Row &row, int column) const
{
    if (!row.counters)
        return false; // no ncu row at all: nothing to say per column
    switch (column) {
    case SmColumn:
        return std::isnan(row.sm);
    case MemoryColumn:
        return std::isnan(row.memory);
    case OccupancyColumn:
        return std::isnan(row.occupancy);
    case DramBandwidthColumn:
        return std::isnan(row.dramBandwidth);
    case IntensityColumn: // NaN with the roofline metrics too: a kernel that moved no DRAM byte
    case FlopsColumn:
        return !row.roofline;
    }
    return false;
}

QString KernelTableModel::collectedBy(int column)
{
    // Nsight Compute's sets: basic (the default) = LaunchStats, Occupancy, SpeedOfLight,
    // WorkloadDistribution; roofline = SpeedOfLight, the roofline charts, WorkloadDistribution;
    // detailed adds the workload analyses and the roofline chart to basic; full has every section.
    switch (column) {
    case SmColumn:
    case MemoryColumn:
        return tr("ncu's SpeedOfLight section collects it (in every set: basic, detailed, full, roofline).");
    case OccupancyColumn:
        return tr("ncu's Occupancy section collects it: --section Occupancy, or --set basic, detailed or full "
                  "(--set roofline does not).");
    case DramBandwidthColumn:
        return tr("ncu's SpeedOfLight_RooflineChart and MemoryWorkloadAnalysis sections collect it: --set roofline, "
                  "detailed or full.");
    case IntensityColumn:
    case FlopsColumn:
        return tr("ncu's roofline sections collect the metrics behind it: --set roofline, detailed or full.");
    }
    return {};
}

QVariant KernelTableModel::value(const Row &row, int column, bool display) const
{
    const Profile &p = *analysis_->profile;
    const Kernel &k = p.kernels[row.kernel];
    if (display && notCollected(row, column))
        return tr("not collected");
    auto number = [&](double v, QString (*format)(double)) -> QVariant {
        if (std::isnan(v))
            return display ? QVariant(QString()) : QVariant(v);
        return display ? QVariant(format(v)) : QVariant(v);
    };
    switch (column) {
    case IndexColumn:
        return display ? QVariant(QString::number(row.kernel)) : QVariant(double(row.kernel));
    case NameColumn:
        return toQString(p.kernelDisplayName(row.kernel));
    case OperatorColumn:
        return k.op < p.operators.size() ? operatorDisplayName(p.text(p.operators[k.op].name)) : QString();
    case ModuleColumn:
        return k.module < p.modules.size() ? toQString(p.text(p.modules[k.module].path)) : QString();
    case StartColumn: // from the time origin every view shares, as the timeline's ruler and tooltips count
        return display ? QVariant(toQString(formatTimestamp(k.start_ns - analysis_->timeOrigin)))
                       : QVariant(double(k.start_ns - analysis_->timeOrigin));
    case DurationColumn:
        return number(double(k.duration()), formatDuration);
    case GridColumn:
        return display ? QVariant(dim3Cell(k.grid)) : QVariant(double(k.grid.volume()));
    case BlockColumn:
        return display ? QVariant(dim3Cell(k.block)) : QVariant(double(k.block.volume()));
    case RegistersColumn:
        return number(k.registers_per_thread ? double(k.registers_per_thread) : kNaN, formatCount);
    case SmColumn:
        return number(row.sm, formatPercent);
    case MemoryColumn:
        return number(row.memory, formatPercent);
    case OccupancyColumn:
        return number(row.occupancy, formatPercent);
    case DramBandwidthColumn:
        return number(row.dramBandwidth, [](double v) { return formatSi(v, QStringLiteral("B/s")); });
    case IntensityColumn:
        return number(row.intensity, formatIntensity);
    case FlopsColumn:
        return number(row.flops, formatFlops);
    case AttributionColumn:
        if (k.method == AttributionMethod::Unattributed)
            return tr("unattributed");
        return QStringLiteral("%1 (%2)").arg(toQString(toString(k.method)), toQString(toString(k.confidence)));
    }
    return {};
}

QVariant KernelTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !analysis_ || index.row() >= int(table_->rows.size()))
        return {};
    const Row &row = table_->rows[size_t(index.row())];
    const int column = index.column();
    const Profile &p = *analysis_->profile;
    switch (role) {
    case Qt::DisplayRole:
        return value(row, column, true);
    case SortRole:
        return value(row, column, false);
    case KindRole:
        return int(Selection::Kind::Kernel);
    case IdRole:
        return qulonglong(row.kernel);
    case BarRole:
        if (column == SmColumn && !std::isnan(row.sm))
            return row.sm;
        if (column == MemoryColumn && !std::isnan(row.memory))
            return row.memory;
        if (column == OccupancyColumn && !std::isnan(row.occupancy))
            return row.occupancy;
        return {};
    case Qt::TextAlignmentRole:
        if (column == NameColumn || column == OperatorColumn || column == ModuleColumn || column == AttributionColumn)
            return {};
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(colorForKernel(p, row.kernel, ColorMode::Operator)) : QVariant();
    case Qt::ForegroundRole:
        if (notCollected(row, column))
            return QGuiApplication::palette().brush(QPalette::PlaceholderText);
        return {};
    case Qt::ToolTipRole:
        if (notCollected(row, column))
            return tr("Not collected in this kernel's ncu row. %1").arg(collectedBy(column));
        if (column == NameColumn)
            return toQString(p.text(p.kernels[row.kernel].name));
        if (column == AttributionColumn && p.kernels[row.kernel].unattributed_reason != kNoString)
            return toQString(p.text(p.kernels[row.kernel].unattributed_reason));
        return {};
    }
    return {};
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case IndexColumn:
            return tr("The kernel's index in the profile (its launch order)");
        case NameColumn:
            return tr("The kernel's name, shortened (the whole demangled name in the cell's tooltip)");
        case OperatorColumn:
            return tr("The operator that launched it");
        case ModuleColumn:
            return tr("The module (or phase of the step) it ran in");
        case GridColumn:
            return tr("Blocks in the grid (x, y, z); sorted by their number");
        case BlockColumn:
            return tr("Threads in a block (x, y, z); sorted by their number");
        case RegistersColumn:
            return tr("Registers per thread, from the launch record");
        case AttributionColumn:
            return tr("How the kernel found its operator (NVTX stack, correlation id, ...) and how sure that is; "
                      "for an unattributed kernel, why (in the cell's tooltip)");
        case SmColumn:
            return QStringLiteral("sm__throughput.avg.pct_of_peak_sustained_elapsed\n") + collectedBy(section);
        case MemoryColumn:
            if (table_->memoryMetric.isEmpty()) {
                const std::string_view name = quantitySpec(Quantity::MemoryThroughput).metrics.front();
                return toQString(name) + QLatin1Char('\n') + collectedBy(section);
            }
            return table_->memoryMetric + QLatin1Char('\n') + collectedBy(section);
        case OccupancyColumn:
            return QStringLiteral("sm__warps_active.avg.pct_of_peak_sustained_active\n") + collectedBy(section);
        case DramBandwidthColumn:
            return QStringLiteral("dram__bytes.sum.per_second\n") + collectedBy(section);
        case IntensityColumn:
            return tr("FLOP per DRAM byte, from the kernel's roofline metrics\n") + collectedBy(section);
        case FlopsColumn:
            return tr("Floating-point operations per second, all precisions and tensor paths\n") + collectedBy(section);
        case DurationColumn:
            return tr("How long the kernel ran in the captured timeline; the Counters tab shows the ncu "
                      "replay's own measure (gpu__time_duration.sum), taken with the kernel alone on the GPU");
        case StartColumn:
            return tr("Start, from the profile's first event (the timeline ruler's zero)");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn:
        return tr("#");
    case NameColumn:
        return tr("Kernel");
    case OperatorColumn:
        return tr("Operator");
    case ModuleColumn:
        return tr("Module");
    case StartColumn:
        return tr("Start");
    case DurationColumn: // named by its source: the Counters tab shows the ncu replay's duration too
        return analysis_ ? timelineDurationLabel(*analysis_->profile) : tr("Duration");
    case GridColumn:
        return tr("Grid");
    case BlockColumn:
        return tr("Block");
    case RegistersColumn:
        return tr("Registers");
    case SmColumn:
        return tr("SM %");
    case MemoryColumn:
        return tr("Memory %");
    case OccupancyColumn:
        return tr("Achieved occupancy");
    case DramBandwidthColumn:
        return tr("DRAM bandwidth");
    case IntensityColumn:
        return tr("Arithmetic intensity");
    case FlopsColumn:
        return tr("FLOP/s");
    case AttributionColumn:
        return tr("Attribution");
    }
    return {};
}

} // namespace opscope::ui
