// The Memory tab's share and block tables (memory_models.h).
#include "models/memory_models.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "models/model_roles.h"

#include "opscope/format.h"
#include "opscope/module_tree.h"

#include <unordered_map>
#include <utility>

namespace opscope::ui {

namespace {

QString kindName(MemoryKind kind)
{
    return toQString(toString(kind));
}

// The node a share names: a module by its path, a phase by its name; -1 for "(before trace)".
int nodeOfShare(const ModuleTree &tree, const MemoryShare &share)
{
    return share.phase ? tree.findPhase(share.module) : tree.find(share.module);
}

} // namespace

QString memoryModuleName(const MemoryShare &share)
{
    return toQString(share.phase ? share.module : modulePathText(share.module, share.className));
}

// ---- MemoryShareModel ----

MemoryShareModel::MemoryShareModel(By by, QObject *parent) : QAbstractTableModel(parent), by_(by) {}

void MemoryShareModel::setDevice(std::shared_ptr<const ProfileAnalysis> analysis,
                                 std::shared_ptr<const MemoryReport> report, int device)
{
    beginResetModel();
    shares_.clear();
    nodes_.clear();
    peak_ = 0;
    if (analysis && report && device >= 0 && size_t(device) < report->devices.size()) {
        const DeviceMemory &d = report->devices[size_t(device)];
        shares_ = by_ == By::Module ? d.by_module : d.by_kind;
        peak_ = d.peak_allocated;
        for (const MemoryShare &s : shares_)
            nodes_.push_back(by_ == By::Module ? nodeOfShare(analysis->tree, s) : -1);
    }
    endResetModel();
}

int64_t MemoryShareModel::totalBytes() const
{
    int64_t total = 0;
    for (const MemoryShare &s : shares_)
        total += s.bytes;
    return total;
}

int MemoryShareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(shares_.size());
}

int MemoryShareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemoryShareModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= shares_.size())
        return {};
    const MemoryShare &s = shares_[size_t(index.row())];
    const double percent = peak_ > 0 ? 100.0 * double(s.bytes) / double(peak_) : 0.0;
    const QString name = by_ == By::Module ? memoryModuleName(s) : kindName(s.kind);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return name;
        case BytesColumn:
            return formatBytes(double(s.bytes));
        case ShareColumn:
            return formatPercent(percent);
        case BlocksColumn:
            return formatCount(double(s.blocks));
        }
        break;
    case SortRole:
        switch (index.column()) {
        case NameColumn:
            return name;
        case BytesColumn:
        case ShareColumn:
            return double(s.bytes);
        case BlocksColumn:
            return double(s.blocks);
        }
        break;
    case BarRole:
        if (index.column() == BytesColumn)
            return percent;
        break;
    case IdRole:
        return nodes_[size_t(index.row())];
    case Qt::ToolTipRole:
        return tr("%1: %2 bytes at the peak in %3 blocks")
            .arg(name, formatCount(double(s.bytes)), formatCount(double(s.blocks)));
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant MemoryShareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return by_ == By::Module ? tr("The module (or phase of the step) whose operators allocated the blocks "
                                          "alive at the device's peak")
                                     : tr("What the blocks alive at the peak hold: parameters, gradients, optimizer "
                                          "state, activations, temporaries...");
        case BytesColumn:
            return tr("Bytes of those blocks at the peak (allocated, not reserved)");
        case ShareColumn:
            return tr("Those bytes as a share of the device's peak allocated bytes");
        case BlocksColumn:
            return tr("Allocator blocks alive at the peak");
        }
        return {};
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return by_ == By::Module ? tr("At the peak, by module") : tr("At the peak, by kind");
    case BytesColumn:
        return tr("Bytes");
    case ShareColumn:
        return tr("Share");
    case BlocksColumn:
        return tr("Blocks");
    }
    return {};
}

// ---- MemoryBlockModel ----

MemoryBlockModel::MemoryBlockModel(QObject *parent) : QAbstractTableModel(parent) {}

void MemoryBlockModel::setReport(std::shared_ptr<const ProfileAnalysis> analysis,
                                 std::shared_ptr<const MemoryReport> report)
{
    analysis_ = std::move(analysis);
    report_ = std::move(report);
    blockNodes_.clear();
    if (analysis_ && report_) {
        const Profile &p = *analysis_->profile;
        const ModuleTree &tree = analysis_->tree;
        blockNodes_.assign(p.memory_blocks.size(), -1);
        std::unordered_map<StringId, int> nodeOfPath; // ModuleTree::find walks every node
        for (Index b = 0; b < p.memory_blocks.size(); ++b) {
            const MemoryBlock &block = p.memory_blocks[b];
            const Index tensor = b < report_->block_tensors.size() ? report_->block_tensors[b] : kNoIndex;
            if (tensor != kNoIndex) {
                const StringId path = p.memory_tensors[tensor].module;
                const auto [it, added] = nodeOfPath.try_emplace(path, -1);
                if (added)
                    it->second = tree.find(p.text(path));
                blockNodes_[b] = it->second;
            } else
                blockNodes_[b] = tree.nodeOf(block.alloc_sample == kNoIndex ? block.free_module : block.alloc_module);
        }
    }
    filter_ = {};
    rebuild();
}

void MemoryBlockModel::setFilter(const Filter &filter)
{
    if (filter == filter_)
        return;
    filter_ = filter;
    rebuild();
}

void MemoryBlockModel::rebuild()
{
    beginResetModel();
    rows_.clear();
    if (analysis_ && report_ && filter_.device >= 0 && size_t(filter_.device) < report_->devices.size()) {
        const Profile &p = *analysis_->profile;
        const DeviceMemory &d = report_->devices[size_t(filter_.device)];
        const auto wanted = [&](Index b) {
            return filter_.node < 0 || (blockNodes_[b] >= 0 && analysis_->tree.contains(filter_.node, blockNodes_[b]));
        };
        if (filter_.peakOnly) {
            for (Index b : d.alive_at_peak)
                if (wanted(b))
                    rows_.push_back(b);
        } else {
            for (Index b = 0; b < p.memory_blocks.size(); ++b)
                if (p.memory_blocks[b].device == d.device && wanted(b))
                    rows_.push_back(b);
        }
    }
    endResetModel();
}

int64_t MemoryBlockModel::bytesShown() const
{
    int64_t total = 0;
    for (Index b : rows_)
        total += analysis_->profile->memory_blocks[b].bytes;
    return total;
}

int MemoryBlockModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int MemoryBlockModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemoryBlockModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= rows_.size())
        return {};
    const Index block = rows_[size_t(index.row())];
    if (role == IdRole)
        return qulonglong(block);
    if (role == Qt::TextAlignmentRole)
        return index.column() == SizeColumn || index.column() >= AllocatedAtColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    return cell(block, index.column(), role);
}

QVariant MemoryBlockModel::cell(Index block, int column, int role) const
{
    const Profile &p = *analysis_->profile;
    const MemoryBlock &b = p.memory_blocks[block];
    const bool sort = role == SortRole;
    // The operator that allocated or freed a block; outside every operator (between ops, in the
    // allocator's own frees, in the optimizer's step) the module or phase it happened in says where.
    auto opName = [&](Index op, Index module) {
        if (op < p.operators.size())
            return operatorDisplayName(p.text(p.operators[op].name));
        if (module < p.modules.size())
            return tr("(no operator; in %1)").arg(toQString(modulePathText(p, module)));
        return tr("(no operator)");
    };
    auto instant = [&](Index sample) -> QVariant {
        if (sample >= p.memory_samples.size())
            return sort ? QVariant() : QVariant(QStringLiteral("-"));
        const int64_t ns = p.memory_samples[sample].time_ns - analysis_->timeOrigin;
        return sort ? QVariant(double(ns)) : QVariant(toQString(formatTimestamp(ns)));
    };
    switch (column) {
    case SizeColumn:
        return sort ? QVariant(double(b.bytes)) : QVariant(formatBytes(double(b.bytes)));
    case KindColumn:
        return block < report_->block_kinds.size() ? kindName(report_->block_kinds[block]) : QString();
    case OperatorColumn:
        return b.alloc_sample == kNoIndex ? tr("(before trace)") : opName(b.alloc_op, b.alloc_module);
    case ModuleColumn: {
        const int node = blockNodes_[block];
        return node >= 0 ? toQString(analysis_->tree.nodes[size_t(node)].displayName()) : QStringLiteral("-");
    }
    case FreedByColumn:
        return b.free_sample == kNoIndex ? tr("(alive at the end)") : opName(b.free_op, b.free_module);
    case AllocatedAtColumn:
        return instant(b.alloc_sample);
    case FreedAtColumn:
        return instant(b.free_sample);
    }
    return {};
}

QVariant MemoryBlockModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case SizeColumn:
            return tr("The block's bytes as the allocator handed them out");
        case KindColumn:
            return tr("What the block holds: a parameter, gradient, optimizer state or buffer (the launcher's tensor "
                      "inventory), else an activation or a temporary by when it was freed");
        case OperatorColumn:
            return tr("The operator running when the block was allocated (before trace: allocated before the "
                      "recording started)");
        case ModuleColumn:
            return tr("The module or phase of the step the block belongs to");
        case FreedByColumn:
            return tr("The operator running when the block was freed; outside every operator, the module or phase "
                      "that freed it");
        case AllocatedAtColumn:
            return tr("When it was allocated, from the profile's first event");
        case FreedAtColumn:
            return tr("When it was freed, from the profile's first event");
        }
        return {};
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SizeColumn:
        return tr("Size");
    case KindColumn:
        return tr("Kind");
    case OperatorColumn:
        return tr("Allocated by");
    case ModuleColumn:
        return tr("Module");
    case FreedByColumn:
        return tr("Freed by");
    case AllocatedAtColumn:
        return tr("Allocated at");
    case FreedAtColumn:
        return tr("Freed at");
    }
    return {};
}

} // namespace opscope::ui
