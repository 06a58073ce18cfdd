#include "compare/diff_cells.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "compare/diff_colors.h"
#include "models/model_roles.h"
#include "opscope/format.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>

#include <cmath>
#include <limits>

namespace opscope::ui {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Ratio and change as numbers to sort by: a row that is new sorts above every growth, a row with
// no time on either side has no value (sorted last).
double ratioValue(const TimePair &t)
{
    if (t.before == 0)
        return t.after == 0 ? kNaN : kInfinity;
    return t.ratio();
}

double changeValue(const TimePair &t)
{
    if (t.before == 0)
        return t.after == 0 ? kNaN : kInfinity;
    return t.changePct();
}

QString changeText(const TimePair &t)
{
    return toQString(formatChange(t.before, t.after, Typography::Unicode));
}

} // namespace

QString deltaText(int64_t deltaNs)
{
    return toQString(formatDelta(deltaNs, DurationText::Short, Typography::Unicode));
}

QString ratioText(const TimePair &t)
{
    return toQString(formatRatio(t.before, t.after, Typography::Unicode));
}

QVariant pairCell(const TimePair &t, PairColumn column, int role, int64_t reference)
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case PairColumn::Before:
            return formatDuration(double(t.before));
        case PairColumn::After:
            return formatDuration(double(t.after));
        case PairColumn::Delta:
            return deltaText(t.delta());
        case PairColumn::Ratio:
            return ratioText(t);
        case PairColumn::Change:
            return changeText(t);
        }
        return {};
    case SortRole:
        switch (column) {
        case PairColumn::Before:
            return double(t.before);
        case PairColumn::After:
            return double(t.after);
        case PairColumn::Delta:
            return double(t.delta());
        case PairColumn::Ratio:
            return ratioValue(t);
        case PairColumn::Change:
            return changeValue(t);
        }
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (column == PairColumn::Before || column == PairColumn::After)
            return {};
        if (const QColor tint = diffTint(t.delta(), reference, QGuiApplication::palette()); tint.isValid())
            return QBrush(tint);
        return {};
    case Qt::ToolTipRole:
        return DiffTexts::tr("before %1, after %2\ndelta %3, ratio %4, change %5")
            .arg(formatDuration(double(t.before)), formatDuration(double(t.after)), deltaText(t.delta()), ratioText(t),
                 changeText(t));
    }
    return {};
}

QVariant pairHeader(PairColumn column, int role)
{
    if (role == Qt::DisplayRole) {
        switch (column) {
        case PairColumn::Before:
            return DiffTexts::tr("Before");
        case PairColumn::After:
            return DiffTexts::tr("After");
        case PairColumn::Delta:
            return DiffTexts::tr("Delta");
        case PairColumn::Ratio:
            return DiffTexts::tr("Ratio");
        case PairColumn::Change:
            return DiffTexts::tr("Change");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case PairColumn::Before:
            return DiffTexts::tr("GPU time in the captured step of BEFORE");
        case PairColumn::After:
            return DiffTexts::tr("GPU time in the captured step of AFTER");
        case PairColumn::Delta:
            return DiffTexts::tr("After − before: negative is faster (green), positive slower (red)");
        case PairColumn::Ratio:
            return DiffTexts::tr("After / before: 0.5× takes half the time");
        case PairColumn::Change:
            return DiffTexts::tr("(After − before) / before");
        }
    }
    return {};
}

QString statusText(DiffStatus status)
{
    switch (status) {
    case DiffStatus::Matched:
        return DiffTexts::tr("matched");
    case DiffStatus::Added:
        return DiffTexts::tr("added");
    case DiffStatus::Removed:
        return DiffTexts::tr("removed");
    }
    return {};
}

QString matchText(MatchKind match)
{
    switch (match) {
    case MatchKind::None:
        return {};
    case MatchKind::Path:
        return DiffTexts::tr("path");
    case MatchKind::ClassPosition:
        return DiffTexts::tr("class and position");
    case MatchKind::NameShapes:
        return DiffTexts::tr("name and shapes");
    case MatchKind::Name:
        return DiffTexts::tr("name");
    case MatchKind::Related:
        return DiffTexts::tr("related operator");
    case MatchKind::Fused:
        return DiffTexts::tr("fused");
    case MatchKind::Launch:
        return DiffTexts::tr("name, grid and block");
    case MatchKind::KernelName:
        return DiffTexts::tr("kernel name");
    case MatchKind::Role:
        return DiffTexts::tr("role");
    case MatchKind::Unattributed:
        return DiffTexts::tr("unattributed");
    }
    return {};
}

QVariant statusCell(DiffStatus status, MatchKind match, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        if (status == DiffStatus::Matched && match != MatchKind::None)
            return DiffTexts::tr("matched: %1").arg(matchText(match));
        return statusText(status);
    case SortRole:
        return statusText(status);
    case Qt::ForegroundRole:
        // Added time is time the step did not spend before (slower); removed time is time saved.
        if (status == DiffStatus::Added)
            return QBrush(diffInk(1, QGuiApplication::palette()));
        if (status == DiffStatus::Removed)
            return QBrush(diffInk(-1, QGuiApplication::palette()));
        return {};
    case Qt::ToolTipRole:
        if (status == DiffStatus::Added)
            return DiffTexts::tr("Only AFTER has it");
        if (status == DiffStatus::Removed)
            return DiffTexts::tr("Only BEFORE has it");
        return DiffTexts::tr("On both sides, paired by %1").arg(matchText(match));
    }
    return {};
}

QString markedName(const QString &name, DiffStatus status)
{
    switch (status) {
    case DiffStatus::Added:
        return QStringLiteral("+ ") + name;
    case DiffStatus::Removed:
        return QString(QChar(0x2212)) + QLatin1Char(' ') + name;
    case DiffStatus::Matched:
        break;
    }
    return name;
}

QVariant nameFont(DiffStatus status)
{
    if (status == DiffStatus::Matched)
        return {};
    QFont font;
    font.setItalic(true);
    return font;
}

QString countPairText(const CountPair &count)
{
    if (count.before == count.after)
        return formatCount(double(count.before));
    return QStringLiteral("%1 → %2").arg(formatCount(double(count.before)), formatCount(double(count.after)));
}

} // namespace opscope::ui
