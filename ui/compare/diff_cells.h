#pragma once
// Cells every diff model shares: the before / after / delta / ratio / change columns of a time
// pair, the status column, and how added and removed rows are marked. Colours follow diff_colors.h.

#include "opscope/diff.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

namespace opscope::ui {

// The compare tables' texts, in one translation context ("DiffModel", as the models' column titles).
struct DiffTexts {
    Q_DECLARE_TR_FUNCTIONS(DiffModel)
};

// Roles of the diff models beyond model_roles.h (KindRole: the DiffLevel, IdRole: the row index).
enum DiffRole {
    StatusRole = Qt::UserRole + 40, // DiffStatus as int
    HasTimeRole,                    // bool: the row has GPU time on either side
};

enum class PairColumn { Before, After, Delta, Ratio, Change };

// One cell of a time pair for `role` (display, sort, alignment, background, foreground, tooltip).
// `reference` sizes the colour (the step's GPU time).
QVariant pairCell(const TimePair &time, PairColumn column, int role, int64_t reference);
QVariant pairHeader(PairColumn column, int role);

// The delta and ratio columns' texts (opscope::formatDelta, formatRatio in the GUI's typography).
QString deltaText(int64_t deltaNs);      // "+1.23 µs", "−812 ns", "0 ns"
QString ratioText(const TimePair &time); // "0.602×", "13.3×", "new", "gone", "–"
QString statusText(DiffStatus status);
QString matchText(MatchKind match);
// The status column: "matched (path)", "added", "removed"; tinted for added and removed.
QVariant statusCell(DiffStatus status, MatchKind match, int role);
// Name cells of added and removed rows: a "+ " or "− " prefix and italics.
QString markedName(const QString &name, DiffStatus status);
QVariant nameFont(DiffStatus status);
// "3 → 5", or "4" when equal.
QString countPairText(const CountPair &count);

} // namespace opscope::ui
