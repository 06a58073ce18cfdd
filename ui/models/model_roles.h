#pragma once
// Item data roles shared by the data models and their views.

#include <Qt>

namespace opscope::ui {

enum ModelRole {
    SortRole = Qt::UserRole + 1, // numbers as double (NaN or invalid when absent), text as QString
    KindRole,                    // what a row is (model specific enum, as int)
    IdRole,                      // the row's index in the profile (kernel, operator, tree node, group)
    BarRole,                     // a percentage (0..100) a delegate draws as a bar; invalid for none
};

} // namespace opscope::ui
