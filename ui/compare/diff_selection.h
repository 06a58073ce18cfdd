#pragma once
// The one selection of a compare window: a row of the module, operator or kernel level of the
// diff. Views set it when the user picks something and follow `changed()`; as with Selection, a
// set that changes nothing emits nothing and sets made while `changed()` is delivered are ignored.

#include "opscope/diff.h"

#include <QObject>

namespace opscope::ui {

class DiffSelection : public QObject {
    Q_OBJECT
public:
    struct State {
        DiffLevel level = DiffLevel::Operator;
        int row = -1; // -1: nothing selected
        bool empty() const { return row < 0; }
        bool operator==(const State &) const = default;
    };

    explicit DiffSelection(QObject *parent = nullptr);

    const State &state() const { return state_; }
    void set(DiffLevel level, int row);
    void clear() { set(DiffLevel::Operator, -1); }

signals:
    void changed();

private:
    State state_;
    bool emitting_ = false;
};

} // namespace opscope::ui
