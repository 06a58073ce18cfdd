#include "opscope/format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace opscope {

namespace {

bool unicode(Typography typography)
{
    return typography == Typography::Unicode;
}

const char *microName(Typography typography)
{
    return unicode(typography) ? "\u00b5s" : "us";
}

std::string scaled(double value, int decimals, const char *unit)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, unit);
    return buffer;
}

std::string wholeNs(long long ns)
{
    return std::to_string(ns) + " ns";
}

// A leading '-' as the GUI writes it: U+2212 MINUS SIGN.
std::string withMinus(std::string text, Typography typography)
{
    if (unicode(typography) && !text.empty() && text.front() == '-')
        text.replace(0, 1, "\u2212");
    return text;
}

// What a cell without a value shows: nothing in a terminal table, an en dash in the GUI.
std::string noValue(Typography typography)
{
    return unicode(typography) ? "\u2013" : "";
}

bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Removes every `word` that starts a name (not "format::" for "at::").
void eraseWord(std::string &text, std::string_view word)
{
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at)) {
        if (at > 0 && isIdentifierChar(text[at - 1]))
            at += word.size();
        else
            text.erase(at, word.size());
    }
}

} // namespace

std::string formatFixedDuration(int64_t ns, int usDecimals, Typography typography)
{
    const long long magnitude = std::llabs(static_cast<long long>(ns));
    if (magnitude >= 1000000)
        return scaled(double(ns) / 1e6, usDecimals + 1, "ms");
    if (magnitude >= 1000)
        return scaled(double(ns) / 1e3, usDecimals, microName(typography));
    return wholeNs(ns);
}

std::string formatShortDuration(double ns, Typography typography)
{
    const double magnitude = std::fabs(ns);
    if (magnitude < 1e3)
        return wholeNs(std::llround(ns));
    auto threeDigits = [](double value, const char *unit) {
        const double a = std::fabs(value);
        return scaled(value, a >= 100 ? 0 : a >= 10 ? 1 : 2, unit);
    };
    if (magnitude < 1e6)
        return threeDigits(ns / 1e3, microName(typography));
    if (magnitude < 1e9)
        return threeDigits(ns / 1e6, "ms");
    return threeDigits(ns / 1e9, "s");
}

std::string formatTimestamp(int64_t nsSinceOrigin)
{
    return scaled(double(nsSinceOrigin) / 1e6, 3, "ms");
}

std::string formatDelta(int64_t deltaNs, DurationText form, Typography typography)
{
    const std::string text = form == DurationText::Fixed ? formatFixedDuration(deltaNs, 2, typography)
                                                         : formatShortDuration(double(deltaNs), typography);
    return deltaNs > 0 ? "+" + text : withMinus(text, typography);
}

std::string formatRatio(int64_t before, int64_t after, Typography typography)
{
    if (before == 0)
        return after == 0 ? noValue(typography) : "new";
    if (after == 0)
        return "gone";
    const double ratio = double(after) / double(before);
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f%s", std::fabs(ratio) < 10 ? 3 : 1, ratio,
                  unicode(typography) ? "\u00d7" : "x");
    return withMinus(buffer, typography);
}

std::string formatChange(int64_t before, int64_t after, Typography typography)
{
    if (before == 0)
        return after == 0 ? noValue(typography) : "new";
    return formatChangePct(100.0 * double(after - before) / double(before), typography);
}

std::string formatChangePct(double pct, Typography typography)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.1f", pct);
    std::string text = buffer;
    if (text == "-0.0" || text == "0.0")
        text = "0.0"; // a change that rounds to zero has no direction
    else if (pct > 0)
        text = "+" + text;
    return withMinus(text, typography) + (unicode(typography) ? " %" : "%");
}

std::string formatFactor(double factor, Typography typography)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.2f%s", factor, unicode(typography) ? "\u00d7" : "x");
    return withMinus(buffer, typography);
}

std::string shortKernelName(std::string_view name, TemplateArguments templates)
{
    const std::string_view full = name;
    if (name.starts_with("void "))
        name.remove_prefix(5);
    // Demanglers write anonymous namespaces these two ways; neither opens a template or parameters.
    constexpr std::array<std::string_view, 2> kAnonymous = {"(anonymous namespace)::", "<unnamed>::"};
    const bool dropTemplates = templates == TemplateArguments::Drop;
    std::string out;
    out.reserve(name.size());
    int depth = 0;
    for (size_t i = 0; i < name.size(); ++i) {
        const std::string_view rest = name.substr(i);
        const auto anonymous =
            std::find_if(kAnonymous.begin(), kAnonymous.end(), [&](std::string_view a) { return rest.starts_with(a); });
        if (anonymous != kAnonymous.end()) {
            i += anonymous->size() - 1;
            continue;
        }
        const char c = name[i];
        if (c == '<')
            ++depth;
        else if (c == '>')
            depth = std::max(0, depth - 1);
        else if (c == '(' && depth == 0 && i > 0)
            break; // the parameter list
        if (dropTemplates && (depth > 0 || c == '>'))
            continue;
        out.push_back(c);
    }
    for (std::string_view noise : {"at::native::", "at::"})
        eraseWord(out, noise);
    for (std::string_view cast : {"(int)", "(bool)"})
        for (size_t at = out.find(cast); at != std::string::npos; at = out.find(cast, at))
            out.erase(at, cast.size());
    return out.empty() ? std::string(full) : out;
}

} // namespace opscope
