#pragma once
// Small text helpers shared across core (units, tool output, importers).

#include <cctype>
#include <string>
#include <string_view>

namespace opscope {

// `s` without leading spaces and tabs and without trailing spaces, tabs and carriage returns.
constexpr std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// Whether `part` occurs in `text` (std::string_view::contains arrives with C++23).
constexpr bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// `text` in lower case (ASCII).
inline std::string lowercase(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace opscope
