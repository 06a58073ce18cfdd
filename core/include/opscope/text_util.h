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

// `text` without ASCII whitespace (" \t\r\n\f\v") at either end: a tool's output, an item of a list.
// (trim() above keeps line ends and leading line breaks, for readers of lines.)
constexpr std::string_view trimmed(std::string_view text)
{
    constexpr std::string_view kBlanks = " \t\r\n\f\v";
    const size_t first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

// `text` as one CSV cell (RFC 4180): quoted, its quotes doubled, when it holds a comma, a quote or a line break.
inline std::string csvCell(std::string_view text)
{
    if (text.find_first_of(",\"\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
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
