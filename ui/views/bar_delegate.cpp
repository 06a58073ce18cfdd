#include "views/bar_delegate.h"

#include "models/model_roles.h"

#include <QPainter>

#include <algorithm>

namespace opscope::ui {

void BarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QVariant bar = index.data(BarRole);
    if (bar.isValid()) {
        const double fraction = std::clamp(bar.toDouble() / 100.0, 0.0, 1.0);
        QRectF r = QRectF(option.rect).adjusted(2, 3, -2, -3);
        QColor fill = option.palette.color(QPalette::Highlight);
        fill.setAlphaF(0.35f);
        painter->save();
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        r.setWidth(r.width() * fraction);
        painter->drawRect(r);
        painter->restore();
    }
    QStyledItemDelegate::paint(painter, option, index);
}

} // namespace opscope::ui
