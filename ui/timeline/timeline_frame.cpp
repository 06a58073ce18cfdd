#include "timeline/timeline_frame.h"

#include <QPainter>

#include <algorithm>

namespace opscope::ui {

TimelineFrame::TimelineFrame() : boxes_(kFillCount) {}

void TimelineFrame::setFillColor(int fill, const QColor &color)
{
    fills_[size_t(fill)] = color;
    fillPixels_[size_t(fill)] = color.rgb();
}

void TimelineFrame::begin()
{
    stats_ = {};
    labels_.clear();
}

void TimelineFrame::prepareStrips(const QRect &area, int rowHeight, const std::vector<int> &gridColumns, QRgb base,
                                  QRgb grid, QRgb headerBand)
{
    // One line per row that can be on screen.
    const int width = std::max(area.width(), 1);
    const int lines = area.height() / std::max(rowHeight, 1) + 2;
    if (strips_.width() != width || strips_.height() < lines)
        strips_ = QImage(width, lines, QImage::Format_RGB32);
    pendingStrips_.clear();
    baseLine_.assign(size_t(width), base);
    for (const int x : gridColumns)
        if (x >= 0 && x < width)
            baseLine_[size_t(x)] = grid;
    headerLine_.assign(size_t(width), headerBand);
}

void TimelineFrame::flush(QPainter &painter)
{
    // Each strip stretched to its row's height: one call per row, nearest-neighbour (no smoothing).
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    for (const auto &[target, line] : pendingStrips_)
        painter.drawImage(target, strips_, QRect(0, line, target.width(), 1));
    pendingStrips_.clear();
    // One brush per colour: every box of a colour goes out in one call.
    painter.setPen(Qt::NoPen);
    for (size_t fill = 0; fill < boxes_.size(); ++fill) {
        std::vector<QRect> &boxes = boxes_[fill];
        if (boxes.empty())
            continue;
        painter.setBrush(fills_[fill]);
        painter.drawRects(boxes.data(), int(boxes.size()));
        boxes.clear();
    }
    painter.setBrush(Qt::NoBrush);
}

} // namespace opscope::ui
