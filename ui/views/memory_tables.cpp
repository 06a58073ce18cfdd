// The Memory tab's share and block tables (memory_tables.h).
#include "views/memory_tables.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeView>

#include <unordered_set>

namespace opscope::ui {

// ---- MemoryShareTable ----

MemoryShareTable::MemoryShareTable(MemoryShareModel::By by, Selection *selection, QWidget *parent)
    : DataView(selection, new MemoryShareModel(by), parent),
      model_(static_cast<MemoryShareModel *>(proxy()->sourceModel()))
{
    view()->setRootIsDecorated(false);
    view()->setObjectName(by == MemoryShareModel::By::Module ? QStringLiteral("memoryByModule")
                                                             : QStringLiteral("memoryByKind"));
    view()->setProperty("exportName", by == MemoryShareModel::By::Module ? QStringLiteral("memory-by-module")
                                                                         : QStringLiteral("memory-by-kind"));
    view()->header()->resizeSection(MemoryShareModel::NameColumn, by == MemoryShareModel::By::Module ? 240 : 150);
    view()->header()->resizeSection(MemoryShareModel::BytesColumn, 160);
    if (by == MemoryShareModel::By::Kind)
        filterBar()->hide(); // six rows at most
}

void MemoryShareTable::setDevice(std::shared_ptr<const ProfileAnalysis> analysis,
                                 std::shared_ptr<const MemoryReport> report, int device)
{
    analysis_ = analysis;
    model_->setDevice(std::move(analysis), std::move(report), device);
}

void MemoryShareTable::pick(const QModelIndex &sourceIndex)
{
    if (const int node = sourceIndex.data(IdRole).toInt(); node >= 0)
        selection_->setModule(node);
}

QModelIndexList MemoryShareTable::rowsFor(const Selection::State &state) const
{
    QModelIndexList rows;
    if (!analysis_ || state.kind != Selection::Kind::Module)
        return rows;
    for (int r = 0; r < model_->rowCount(); ++r)
        if (const int node = model_->nodeAt(r); node >= 0 && analysis_->tree.contains(int(state.index), node))
            rows << model_->index(r, 0);
    return rows;
}

// ---- MemoryBlockTable ----

MemoryBlockTable::MemoryBlockTable(Selection *selection, QWidget *parent)
    : DataView(selection, new MemoryBlockModel, parent),
      model_(static_cast<MemoryBlockModel *>(proxy()->sourceModel())),
      peakOnly_(new QCheckBox(tr("Alive at the peak only"), this))
{
    view()->setObjectName(QStringLiteral("memoryBlocks"));
    view()->setProperty("exportName", QStringLiteral("memory-blocks"));
    view()->setRootIsDecorated(false);
    peakOnly_->setChecked(true);
    peakOnly_->setToolTip(tr("Show only the blocks that hold memory at the device's peak; off: every block"));
    filterBar()->layout()->addWidget(peakOnly_);
    connect(peakOnly_, &QCheckBox::toggled, this, [this](bool on) {
        MemoryBlockModel::Filter f = model_->filter();
        f.peakOnly = on;
        applyFilter(f);
    });
    view()->header()->resizeSection(MemoryBlockModel::OperatorColumn, 220);
    view()->header()->resizeSection(MemoryBlockModel::ModuleColumn, 200);
    view()->header()->resizeSection(MemoryBlockModel::FreedByColumn, 220);
}

void MemoryBlockTable::setReport(std::shared_ptr<const ProfileAnalysis> analysis,
                                 std::shared_ptr<const MemoryReport> report)
{
    analysis_ = analysis;
    model_->setReport(std::move(analysis), std::move(report));
    peakOnly_->setChecked(true);
    emit filterChanged();
}

void MemoryBlockTable::setDevice(int device)
{
    MemoryBlockModel::Filter f = model_->filter();
    f.device = device;
    applyFilter(f);
}

void MemoryBlockTable::applyFilter(MemoryBlockModel::Filter filter)
{
    if (filter == model_->filter())
        return;
    model_->setFilter(filter); // the model's reset re-reads the selection
    emit filterChanged();
}

void MemoryBlockTable::follow()
{
    // A module selected anywhere keeps its blocks; nothing selected shows them all again; an operator
    // or a kernel leaves the rows as they are (a block picked here selects its operator).
    const Selection::State &s = selection_->state();
    MemoryBlockModel::Filter f = model_->filter();
    if (s.kind == Selection::Kind::Module)
        f.node = int(s.index);
    else if (s.kind == Selection::Kind::None || s.kind == Selection::Kind::Group)
        f.node = -1;
    if (!(f == model_->filter())) {
        applyFilter(f); // resets the model, which follows again
        return;
    }
    DataView::follow();
}

void MemoryBlockTable::pick(const QModelIndex &sourceIndex)
{
    const QVariant id = sourceIndex.data(IdRole);
    if (!id.isValid() || !analysis_)
        return;
    const Index block = Index(id.toULongLong());
    const MemoryBlock &b = analysis_->profile->memory_blocks[block];
    if (b.alloc_op != kNoIndex)
        selection_->setOperator(b.alloc_op);
    else if (const int node = model_->nodeOfBlock(block); node >= 0)
        selection_->setModule(node);
}

QModelIndexList MemoryBlockTable::rowsFor(const Selection::State &state) const
{
    QModelIndexList rows;
    if (!analysis_ || state.kind != Selection::Kind::Operator)
        return rows;
    const std::vector<Index> ops = analysis_->operatorsOf(state);
    const std::unordered_set<Index> wanted(ops.begin(), ops.end());
    const Profile &p = *analysis_->profile;
    for (int r = 0; r < model_->rowCount(); ++r)
        if (wanted.count(p.memory_blocks[model_->blockAt(r)].alloc_op))
            rows << model_->index(r, 0);
    return rows;
}

} // namespace opscope::ui
