#include "views/counter_panel.h"

#include "models/sort_filter_proxy.h"
#include "views/bar_delegate.h"
#include "views/filter_bar.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

CounterPanel::CounterPanel(Selection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), model_(new CounterModel(this)), proxy_(new SortFilterProxy(this)),
      title_(new QLabel(this)), filterBar_(new FilterBar(proxy_, this)), view_(new QTreeView(this))
{
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setItemDelegate(new BarDelegate(view_));
    view_->header()->setSortIndicator(-1, Qt::AscendingOrder);
    view_->setSortingEnabled(true);
    view_->header()->resizeSection(CounterModel::NameColumn, 250);
    view_->header()->resizeSection(CounterModel::ValueColumn, 230);
    view_->header()->resizeSection(CounterModel::UnitColumn, 70);
    view_->header()->resizeSection(CounterModel::MetricColumn, 380);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filterBar_->lineEdit()->setPlaceholderText(tr("Filter counters"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(title_);
    layout->addWidget(filterBar_);
    layout->addWidget(view_, 1);

    connect(selection_, &Selection::changed, this, &CounterPanel::follow);
    // While filtering, every section opens so matches in the raw metrics show.
    connect(filterBar_->lineEdit(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!text.isEmpty())
            view_->expandAll();
    });
    follow();
}

void CounterPanel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    model_->setAnalysis(analysis_);
    follow();
}

QString CounterPanel::title() const
{
    return title_->text();
}

void CounterPanel::follow()
{
    if (!analysis_) {
        title_->setText(tr("No profile"));
        return;
    }
    const Selection::State &state = selection_->state();
    model_->show(state);
    if (model_->kernelCount() == 0) {
        title_->setText(state.kind == Selection::Kind::None
                            ? tr("Select a kernel, an operator or a module to see its counters")
                            : tr("%1: no kernels in the captured step").arg(analysis_->describe(state)));
        return;
    }
    title_->setText(
        state.kind == Selection::Kind::Kernel
            ? analysis_->describe(state)
            : tr("%1: %2 kernels, counters combined").arg(analysis_->describe(state)).arg(model_->kernelCount()));
    view_->setColumnHidden(CounterModel::RuleColumn, state.kind == Selection::Kind::Kernel);
    // Sections open, the long raw list folded unless a filter is looking into it.
    for (int s = 0; s < model_->sectionCount(); ++s) {
        const QModelIndex section = proxy_->mapFromSource(model_->index(s, 0));
        view_->setExpanded(section, s + 1 < model_->sectionCount() || !filterBar_->lineEdit()->text().isEmpty());
    }
}

} // namespace opscope::ui
