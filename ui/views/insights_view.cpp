#include "views/insights_view.h"

#include "models/profile_analysis.h"
#include "selection.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace opscope::ui {

InsightsView::InsightsView(Selection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), list_(new QTreeWidget(this)), header_(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    header_->setWordWrap(true);
    layout->addWidget(header_);
    layout->addWidget(list_);
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Severity"), tr("Est. gain"), tr("Insight")});
    list_->setRootIsDecorated(true);
    list_->setWordWrap(true);
    list_->setUniformRowHeights(false);
    list_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    connect(list_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        QTreeWidgetItem *top = item->parent() ? item->parent() : item;
        activate(list_->indexOfTopLevelItem(top));
    });
}

void InsightsView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis, std::vector<Insight> insights)
{
    analysis_ = std::move(analysis);
    insights_ = std::move(insights);
    list_->clear();
    header_->setText(insights_.empty() ? tr("No insight fired: nothing stands out in this profile.")
                                       : tr("%n insight(s), the largest estimated gain first. Click one to select "
                                            "what it is about.",
                                            nullptr, int(insights_.size())));
    for (const Insight &i : insights_) {
        auto *item = new QTreeWidgetItem(list_);
        item->setText(0, QString::fromUtf8(toString(i.severity)));
        item->setText(1, QStringLiteral("%1 us (%2 %)")
                             .arg(double(i.estimatedGainNs) / 1e3, 0, 'f', 1)
                             .arg(100.0 * i.gainShareOfStep, 0, 'f', 1));
        item->setText(2, QString::fromStdString(i.title));
        item->setToolTip(2, QString::fromStdString(i.explanation));
        QColor colour = i.severity == Severity::High     ? QColor(0xd0, 0x40, 0x30)
                        : i.severity == Severity::Medium ? QColor(0xd0, 0x90, 0x20)
                                                         : palette().color(QPalette::Text);
        item->setForeground(0, colour);
        auto *detail = new QTreeWidgetItem(item);
        detail->setFirstColumnSpanned(true);
        detail->setText(0, QString::fromStdString(i.explanation));
    }
    list_->resizeColumnToContents(0);
    list_->resizeColumnToContents(1);
}

void InsightsView::activate(int row)
{
    if (row < 0 || size_t(row) >= insights_.size() || !analysis_)
        return;
    const Insight &i = insights_[size_t(row)];
    if (!i.kernels.empty())
        selection_->setKernel(i.kernels.front());
    else if (!i.operators.empty())
        selection_->setOperator(i.operators.front());
    else if (!i.modules.empty()) {
        const int node = analysis_->tree.find(i.modules.front());
        if (node >= 0)
            selection_->setModule(node);
    }
}

} // namespace opscope::ui
