#include "views/counter_frame.h"

#include "common/table_export.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

CounterFrame::CounterFrame(QAbstractItemModel *model, QWidget *parent)
    : QWidget(parent), model_(model), proxy_(new SortFilterProxy(this)), title_(new QLabel(this)),
      filterBar_(new FilterBar(proxy_, this)), view_(new QTreeView(this))
{
    model_->setParent(this);
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->header()->setSortIndicator(-1, Qt::AscendingOrder);
    view_->setSortingEnabled(true);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    title_->setWordWrap(true);
    filterBar_->lineEdit()->setPlaceholderText(tr("Filter counters"));
    installTableExport(view_, QStringLiteral("counters"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(title_);
    layout->addWidget(filterBar_);
    layout->addWidget(view_, 1);

    connect(filterBar_->lineEdit(), &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!text.isEmpty())
            view_->expandAll();
    });
}

QString CounterFrame::title() const
{
    return title_->text();
}

void CounterFrame::setTitle(const QString &title)
{
    title_->setText(title);
}

void CounterFrame::openSections(int sectionCount)
{
    const bool filtering = !filterBar_->lineEdit()->text().isEmpty();
    for (int s = 0; s < sectionCount; ++s)
        view_->setExpanded(proxy_->mapFromSource(model_->index(s, 0)), s + 1 < sectionCount || filtering);
}

} // namespace opscope::ui
