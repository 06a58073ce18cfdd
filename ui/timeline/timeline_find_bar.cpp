#include "timeline/timeline_find_bar.h"

#include "timeline/timeline_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QShortcut>
#include <QToolButton>

namespace opscope::ui {

TimelineFindBar::TimelineFindBar(TimelineView *view, QWidget *parent)
    : QWidget(parent), view_(view), edit_(new QLineEdit(this)), regex_(new QCheckBox(tr("Regex"), this)),
      count_(new QLabel(this)), previous_(new QToolButton(this)), next_(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(new QLabel(tr("Find in timeline:"), this));
    edit_->setPlaceholderText(tr("kernel, operator, range or API call name"));
    edit_->setClearButtonEnabled(true);
    layout->addWidget(edit_, 1);
    layout->addWidget(regex_);
    previous_->setArrowType(Qt::UpArrow);
    previous_->setToolTip(tr("Previous match (Shift+Enter, Shift+F3)"));
    next_->setArrowType(Qt::DownArrow);
    next_->setToolTip(tr("Next match (Enter, F3)"));
    layout->addWidget(previous_);
    layout->addWidget(next_);
    layout->addWidget(count_);
    auto *closeButton = new QToolButton(this);
    closeButton->setText(QStringLiteral("✕"));
    closeButton->setToolTip(tr("Close (Escape)"));
    closeButton->setAutoRaise(true);
    layout->addWidget(closeButton);

    connect(edit_, &QLineEdit::textChanged, this, &TimelineFindBar::search);
    connect(regex_, &QCheckBox::toggled, this, &TimelineFindBar::search);
    connect(next_, &QToolButton::clicked, view_, &TimelineView::findNext);
    connect(previous_, &QToolButton::clicked, view_, &TimelineView::findPrevious);
    connect(closeButton, &QToolButton::clicked, this, &TimelineFindBar::close);
    connect(view_, &TimelineView::matchesChanged, this, &TimelineFindBar::showCount);
    // F3 steps through the matches wherever the focus is in the bar or the timeline.
    for (QWidget *scope : {static_cast<QWidget *>(this), static_cast<QWidget *>(view_)}) {
        auto *next = new QShortcut(QKeySequence(Qt::Key_F3), scope, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
        connect(next, &QShortcut::activated, view_, &TimelineView::findNext);
        auto *previous = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3), scope, nullptr, nullptr,
                                       Qt::WidgetWithChildrenShortcut);
        connect(previous, &QShortcut::activated, view_, &TimelineView::findPrevious);
    }
    edit_->installEventFilter(this);
    showCount(-1, 0);
    hide();
}

void TimelineFindBar::open()
{
    show();
    edit_->setFocus(Qt::ShortcutFocusReason);
    edit_->selectAll();
    if (!edit_->text().isEmpty())
        search(); // the matches were cleared when the bar closed
}

void TimelineFindBar::close()
{
    hide();
    view_->findEvents(QString(), false);
    view_->setFocus(Qt::OtherFocusReason);
}

bool TimelineFindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == edit_ && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier)
                view_->findPrevious();
            else
                view_->findNext();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            close();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void TimelineFindBar::search()
{
    const bool invalid = regex_->isChecked() && !QRegularExpression(edit_->text()).isValid();
    view_->findEvents(invalid ? QString() : edit_->text(), regex_->isChecked());
    if (invalid)
        count_->setText(tr("invalid expression"));
}

void TimelineFindBar::showCount(int current, int count)
{
    previous_->setEnabled(count > 0);
    next_->setEnabled(count > 0);
    if (edit_->text().isEmpty())
        count_->clear();
    else if (count == 0)
        count_->setText(tr("no matches"));
    else if (current < 0)
        count_->setText(count == 1 ? tr("1 match") : tr("%1 matches").arg(count));
    else
        count_->setText(tr("%1 of %2").arg(current + 1).arg(count));
}

} // namespace opscope::ui
