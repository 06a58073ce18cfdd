#include "views/diff_counter_panel.h"

#include "compare/diff_cells.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

DiffCounterPanel::DiffCounterPanel(DiffSelection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), model_(new DiffCounterModel(this)), proxy_(new SortFilterProxy(this)),
      title_(new QLabel(this)), filterBar_(new FilterBar(proxy_, this)), view_(new QTreeView(this))
{
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->header()->setSortIndicator(-1, Qt::AscendingOrder);
    view_->setSortingEnabled(true);
    view_->header()->resizeSection(DiffCounterModel::NameColumn, 240);
    for (int c = DiffCounterModel::BeforeColumn; c <= DiffCounterModel::ChangeColumn; ++c)
        view_->header()->resizeSection(c, 120);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filterBar_->lineEdit()->setPlaceholderText(tr("Filter counters"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(title_);
    layout->addWidget(filterBar_);
    layout->addWidget(view_, 1);

    connect(selection_, &DiffSelection::changed, this, &DiffCounterPanel::follow);
    connect(filterBar_->lineEdit(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!text.isEmpty())
            view_->expandAll();
    });
    follow();
}

void DiffCounterPanel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    model_->setComparison(comparison_);
    // z-scores need several BEFORE runs.
    view_->setColumnHidden(DiffCounterModel::ZScoreColumn, !comparison_ || comparison_->diff.beforeRuns < 2);
    follow();
}

QString DiffCounterPanel::title() const
{
    return title_->text();
}

void DiffCounterPanel::follow()
{
    const DiffSelection::State &s = selection_->state();
    model_->show(s.level, s.row);
    if (!comparison_) {
        title_->setText(tr("No comparison"));
        return;
    }
    if (s.empty()) {
        title_->setText(tr("Select a kernel, operator or module row to compare its counters"));
        return;
    }
    const ProfileDiff &d = comparison_->diff;
    QString what;
    switch (s.level) {
    case DiffLevel::Kernel:
        what = tr("Kernel %1").arg(kernelRowName(*comparison_, d.kernels[size_t(s.row)]));
        break;
    case DiffLevel::Operator:
        what = tr("Operator %1, its kernels' counters combined").arg(operatorRowName(d.operators[size_t(s.row)]));
        break;
    case DiffLevel::Module:
        what =
            tr("Module %1, its kernels' counters combined").arg(QString::fromStdString(d.modules[size_t(s.row)].path));
        break;
    }
    title_->setText(model_->metricCount() == 0 ? tr("%1: no counters on either side").arg(what) : what);
    // Sections open, the long list of every metric folded unless a filter looks into it.
    for (int section = 0; section < model_->sectionCount(); ++section)
        view_->setExpanded(proxy_->mapFromSource(model_->index(section, 0)),
                           section + 1 < model_->sectionCount() || !filterBar_->lineEdit()->text().isEmpty());
}

} // namespace opscope::ui
