#pragma once
// Draws a cell's BarRole percentage as a bar behind its text, in the palette's highlight colour.

#include <QStyledItemDelegate>

namespace opscope::ui {

class BarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace opscope::ui
