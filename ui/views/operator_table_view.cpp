#include "views/operator_table_view.h"
#include "common/qt_text.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeView>

#include <algorithm>
#include <vector>

namespace opscope::ui {

OperatorTableView::OperatorTableView(Selection *selection, QWidget *parent)
    : DataView(selection, new OperatorTableModel, parent),
      model_(static_cast<OperatorTableModel *>(proxy()->sourceModel())), grouping_(new QComboBox(this))
{
    grouping_->addItem(tr("Group by name"), int(OperatorGrouping::ByName));
    grouping_->addItem(tr("Group by name and shapes"), int(OperatorGrouping::ByNameAndShapes));
    filterBar()->layout()->addWidget(grouping_);
    connect(grouping_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setGrouping(OperatorGrouping(grouping_->itemData(i).toInt())); });
    view()->setRootIsDecorated(false);
    view()->setProperty("exportName", QStringLiteral("operators"));
    view()->header()->resizeSection(OperatorTableModel::NameColumn, 220);
    view()->setColumnHidden(OperatorTableModel::ShapesColumn, true);
}

void OperatorTableView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = analysis;
    const Profile *p = analysis ? analysis->profile.get() : nullptr;
    setEmptyText(p && p->operators.empty() ? toQString(noOperatorsReason(*p)) : QString());
    model_->setAnalysis(std::move(analysis));
    for (int c = OperatorTableModel::CallsColumn; c < OperatorTableModel::DominantKernelColumn; ++c)
        view()->resizeColumnToContents(c);
    // Names as wide as they are, within reason (the tooltip has the rest).
    view()->resizeColumnToContents(OperatorTableModel::NameColumn);
    view()->setColumnWidth(OperatorTableModel::NameColumn,
                           std::clamp(view()->columnWidth(OperatorTableModel::NameColumn), 220, 360));
    // A profile without kernels (CPU only: ONNX Runtime on the CPU, a CPU trace) has GPU time 0 in
    // every row: sort it by CPU time, and say so with the sort indicator.
    QHeaderView *header = view()->header();
    if (p && p->kernels.empty()) {
        view()->sortByColumn(OperatorTableModel::CpuTotalColumn, Qt::DescendingOrder);
        sortedByCpu_ = true;
    } else if (sortedByCpu_) { // back to the model's order (GPU time) unless the user sorted otherwise since
        if (header->sortIndicatorSection() == OperatorTableModel::CpuTotalColumn)
            header->setSortIndicator(-1, Qt::DescendingOrder);
        sortedByCpu_ = false;
    }
}

void OperatorTableView::setGrouping(OperatorGrouping grouping)
{
    grouping_->setCurrentIndex(grouping_->findData(int(grouping)));
    model_->setGrouping(grouping);
    view()->setColumnHidden(OperatorTableModel::ShapesColumn, grouping == OperatorGrouping::ByName);
}

void OperatorTableView::pick(const QModelIndex &sourceIndex)
{
    const QVariant id = sourceIndex.data(IdRole);
    if (id.isValid())
        selection_->setOperatorRow(Index(id.toULongLong()), model_->grouping());
}

QModelIndexList OperatorTableView::rowsFor(const Selection::State &state) const
{
    QModelIndexList rows;
    if (!analysis_)
        return rows;
    const Profile &p = *analysis_->profile;
    // Rows by number: a module's 432 K kernels fall in a hundred rows (a std::set took 15 ms for them).
    std::vector<char> chosen(size_t(model_->rowCount()), 0);
    const auto choose = [&](int row) {
        if (row >= 0 && size_t(row) < chosen.size())
            chosen[size_t(row)] = 1;
    };
    switch (state.kind) {
    case Selection::Kind::None:
        break;
    case Selection::Kind::Operator:
        for (Index op : analysis_->operatorsOf(state))
            choose(model_->rowOfOperator(op));
        break;
    case Selection::Kind::Kernel:
        if (state.index < p.kernels.size())
            choose(model_->rowOfOperator(p.kernels[state.index].op));
        break;
    case Selection::Kind::Module:
    case Selection::Kind::Group: // the operators that launched the module's kernels
        for (Index k : analysis_->kernelsOf(state))
            choose(model_->rowOfOperator(p.kernels[k].op));
        break;
    }
    for (size_t row = 0; row < chosen.size(); ++row)
        if (chosen[row])
            rows << model_->index(int(row), 0);
    return rows;
}

} // namespace opscope::ui
