#pragma once
// The one selection shared by every view: a kernel, an operator (one call, or every call of a row of
// the operator table), a module (a node of the module tree) or a dedup group. Views call the setters
// when the user picks something and follow `changed()` to highlight it; a setter that would not
// change anything emits nothing, and setters called while `changed()` is being delivered are
// ignored, so a view that re-selects in reaction cannot start a feedback loop.

#include "opscope/aggregate.h"
#include "opscope/profile.h"

#include <QObject>

namespace opscope::ui {

class Selection : public QObject {
    Q_OBJECT
public:
    enum class Kind { None, Kernel, Operator, Module, Group };

    struct State {
        Kind kind = Kind::None;
        // Kernel: kernels[]; Operator: operators[] (for a table row, its first call);
        // Module: ModuleTree node; Group: ModuleTree group.
        Index index = kNoIndex;
        // Operator only: true when every call with the same name (and shapes, by `grouping`) is meant.
        bool allCalls = false;
        OperatorGrouping grouping = OperatorGrouping::ByName;
        bool operator==(const State &) const = default;
    };

    explicit Selection(QObject *parent = nullptr);

    const State &state() const { return state_; }
    Kind kind() const { return state_.kind; }
    Index index() const { return state_.index; }
    bool isEmpty() const { return state_.kind == Kind::None; }

    void setKernel(Index kernel);
    void setOperator(Index op);
    // A row of the operator table: every call like `representative` under `grouping`.
    void setOperatorRow(Index representative, OperatorGrouping grouping);
    void setModule(int node);
    void setGroup(int group);
    void set(const State &state);
    void clear();

signals:
    void changed();

private:
    State state_;
    bool emitting_ = false;
};

} // namespace opscope::ui
