#include "compare/diff_selection.h"

namespace opscope::ui {

DiffSelection::DiffSelection(QObject *parent) : QObject(parent) {}

void DiffSelection::set(DiffLevel level, int row)
{
    const State state = row < 0 ? State{} : State{level, row};
    if (emitting_ || state == state_)
        return;
    state_ = state;
    emitting_ = true;
    emit changed();
    emitting_ = false;
}

} // namespace opscope::ui
