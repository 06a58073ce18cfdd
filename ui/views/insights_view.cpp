#include "views/insights_view.h"

#include "models/profile_analysis.h"
#include "models/value_format.h"
#include "opscope/format.h"
#include "selection.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope::ui {

namespace {

// An insight's explanation is its child row, spanning every column. QTreeView sizes a row from its
// columns' own widths, so the wrapped explanation got the height for the narrow first column and
// ended in "...": size it for the width it is painted in.
class ExplanationDelegate : public QStyledItemDelegate {
public:
    explicit ExplanationDelegate(QTreeView *view) : QStyledItemDelegate(view), view_(view) {}

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!index.parent().isValid())
            return QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem spanned = option;
        spanned.rect = QRect(0, 0, InsightsView::explanationWidth(view_), 1);
        return QStyledItemDelegate::sizeHint(spanned, index);
    }

private:
    QTreeView *view_;
};

} // namespace

int InsightsView::explanationWidth(const QTreeView *view)
{
    // drawRow() paints a spanned row from its indentation (one level below a top-level row, whose
    // branch is decorated) to the end of the header.
    const int indentation = view->indentation() * (view->rootIsDecorated() ? 2 : 1);
    return std::max(40, view->header()->length() - indentation);
}

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
    list_->setItemDelegate(new ExplanationDelegate(list_));
    // A wider or narrower list wraps the explanations anew (queued: the layout resizes sections itself).
    connect(list_->header(), &QHeaderView::sectionResized, list_, &QTreeView::doItemsLayout, Qt::QueuedConnection);
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
        item->setText(1, QStringLiteral("%1 (%2)").arg(
                             QString::fromStdString(formatFixedDuration(i.estimatedGainNs, 1, Typography::Unicode)),
                             formatPercent(100.0 * i.gainShareOfStep)));
        item->setText(2, QString::fromStdString(i.title));
        // The whole title (a narrow column cuts it) and what it means.
        item->setToolTip(2, QString::fromStdString(i.title + "\n\n" + i.explanation));
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
