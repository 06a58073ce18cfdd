#include "common/selection.h"

namespace opscope::ui {

Selection::Selection(QObject *parent) : QObject(parent) {}

void Selection::set(const State &requested)
{
    State state = requested;
    if (state.index == kNoIndex || state.kind == Kind::None)
        state = State{};
    if (state.kind != Kind::Operator) { // only operator selections carry these
        state.allCalls = false;
        state.grouping = OperatorGrouping::ByName;
    }
    // A view answering `changed()` by selecting its own row must not re-enter: the state it would set
    // is what it was just told about (or a coarser view of it, like a kernel's module).
    if (emitting_ || state == state_)
        return;
    state_ = state;
    emitting_ = true;
    emit changed();
    emitting_ = false;
}

void Selection::setKernel(Index kernel)
{
    set({Kind::Kernel, kernel});
}

void Selection::setOperator(Index op)
{
    set({Kind::Operator, op});
}

void Selection::setOperatorRow(Index representative, OperatorGrouping grouping)
{
    set({Kind::Operator, representative, true, grouping});
}

void Selection::setModule(int node)
{
    set({Kind::Module, node < 0 ? kNoIndex : Index(node)});
}

void Selection::setGroup(int group)
{
    set({Kind::Group, group < 0 ? kNoIndex : Index(group)});
}

void Selection::clear()
{
    set(State{});
}

} // namespace opscope::ui
