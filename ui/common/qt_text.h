#pragma once
// Core's texts (UTF-8 std::string and string_view, interned profile strings) as Qt strings: the one
// conversion the UI uses.

#include <QString>

#include <string_view>

namespace opscope::ui {

inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace opscope::ui
