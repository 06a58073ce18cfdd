#include "views/filter_bar.h"

#include "models/sort_filter_proxy.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLineEdit>

namespace opscope::ui {

FilterBar::FilterBar(SortFilterProxy *proxy, QWidget *parent)
    : QWidget(parent), proxy_(proxy), edit_(new QLineEdit(this)), regex_(new QCheckBox(tr("Regex"), this)),
      layout_(new QHBoxLayout(this))
{
    layout_->setContentsMargins(0, 0, 0, 0);
    edit_->setPlaceholderText(tr("Filter"));
    edit_->setClearButtonEnabled(true);
    regex_->setToolTip(tr("Match a regular expression instead of plain text"));
    layout_->addWidget(edit_, 1);
    layout_->addWidget(regex_);
    connect(edit_, &QLineEdit::textChanged, this, &FilterBar::apply);
    connect(regex_, &QCheckBox::toggled, this, &FilterBar::apply);
}

void FilterBar::setText(const QString &text)
{
    edit_->setText(text);
}

void FilterBar::setRegex(bool regex)
{
    regex_->setChecked(regex);
}

void FilterBar::apply()
{
    const bool valid = proxy_->setFilter(edit_->text(), regex_->isChecked());
    edit_->setStyleSheet(valid ? QString()
                               : QStringLiteral("QLineEdit { color: palette(base); background: #c0392b; }"));
    edit_->setToolTip(valid ? QString() : tr("Not a valid regular expression"));
}

} // namespace opscope::ui
