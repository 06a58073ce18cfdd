#include "opscope/units.h"

#include "opscope/text_util.h"

#include <array>
#include <charconv>
#include <cmath>

namespace opscope::units {

namespace {

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i]))
            return false;
    }
    return true;
}

struct Scaled {
    std::string_view spelling;
    double factor;
};

// Time units, with their length in nanoseconds.
constexpr std::array<Scaled, 10> kTimes = {{{"psecond", 1e-3},
                                            {"ps", 1e-3},
                                            {"nsecond", 1.0},
                                            {"ns", 1.0},
                                            {"usecond", 1e3},
                                            {"us", 1e3},
                                            {"msecond", 1e6},
                                            {"ms", 1e6},
                                            {"second", 1e9},
                                            {"s", 1e9}}};

// Prefixes in front of a count noun ("Kbyte", "Mibyte", "Kinst").
constexpr std::array<Scaled, 10> kPrefixes = {{{"Ki", 1024.0},
                                               {"Mi", 1024.0 * 1024},
                                               {"Gi", 1024.0 * 1024 * 1024},
                                               {"Ti", 1024.0 * 1024 * 1024 * 1024},
                                               {"K", 1e3},
                                               {"k", 1e3},
                                               {"M", 1e6},
                                               {"G", 1e9},
                                               {"T", 1e12},
                                               {"P", 1e15}}};

// Short byte spellings ("KB", "MiB").
constexpr std::array<Scaled, 11> kShortBytes = {{{"B", 1.0},
                                                 {"KB", 1e3},
                                                 {"kB", 1e3},
                                                 {"MB", 1e6},
                                                 {"GB", 1e9},
                                                 {"TB", 1e12},
                                                 {"PB", 1e15},
                                                 {"KiB", 1024.0},
                                                 {"MiB", 1024.0 * 1024},
                                                 {"GiB", 1024.0 * 1024 * 1024},
                                                 {"TiB", 1024.0 * 1024 * 1024 * 1024}}};

// Nouns ncu counts in; a prefix in front scales them.
constexpr std::array<std::string_view, 11> kCounts = {"byte",  "inst",    "cycle",     "sector",   "warp",    "thread",
                                                      "block", "request", "wavefront", "register", "instance"};

// Units that are already base and carry no scale.
constexpr std::array<std::string_view, 10> kPlain = {"%",     "SM", "TPC",    "cluster", "pass",
                                                     "ratio", "hz", "byte/s", "inst/s",  "sector/s"};

// Hertz with a prefix, any case ("Ghz", "MHz", "khz").
constexpr std::array<Scaled, 4> kHertz = {{{"hz", 1.0}, {"khz", 1e3}, {"mhz", 1e6}, {"ghz", 1e9}}};

const Scaled *findTime(std::string_view unit)
{
    for (const auto &t : kTimes)
        if (unit == t.spelling)
            return &t;
    return nullptr;
}

// "Kbyte" -> (1000, "byte"); "inst" -> (1, "inst"); unknown -> factor 0.
Scaled splitCount(std::string_view unit)
{
    for (const auto &b : kShortBytes)
        if (unit == b.spelling)
            return {"byte", b.factor};
    for (std::string_view noun : kCounts)
        if (unit == noun)
            return {noun, 1.0};
    for (const auto &prefix : kPrefixes) {
        if (unit.size() <= prefix.spelling.size() || unit.substr(0, prefix.spelling.size()) != prefix.spelling)
            continue;
        const std::string_view rest = unit.substr(prefix.spelling.size());
        for (std::string_view noun : kCounts)
            if (rest == noun)
                return {noun, prefix.factor};
    }
    return {{}, 0.0};
}

Conversion unknown(std::string_view unit)
{
    return {std::string(unit), 1.0, false};
}

// A rate "<count>/<time>": per second in base units; cycles per second are hertz.
Conversion rate(const Scaled &count, const Scaled &time)
{
    const double perSecond = count.factor * (1e9 / time.factor);
    if (count.spelling == "cycle")
        return {"hz", perSecond, true};
    return {std::string(count.spelling) + "/s", perSecond, true};
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool allDigits(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!isDigit(c))
            return false;
    return true;
}

// "7,474,249,728" with `sep` = ','; the first group has 1-3 digits, every later one exactly 3.
bool isGrouped(std::string_view s, char sep)
{
    const size_t first = s.find(sep);
    if (first == std::string_view::npos || first == 0 || first > 3 || !allDigits(s.substr(0, first)))
        return false;
    for (size_t pos = first; pos < s.size(); pos += 4) {
        if (s[pos] != sep || pos + 4 > s.size() || !allDigits(s.substr(pos + 1, 3)))
            return false;
    }
    return true;
}

// Parses a plain decimal number ("123", "-1.5e3") that must use up the whole text.
bool parsePlain(std::string_view s, double &out)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty())
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && std::isfinite(out);
}

Conversion lookUp(std::string_view unitText)
{
    const std::string_view unit = trim(unitText);
    if (unit.empty())
        return {std::string(), 1.0, false};
    for (std::string_view plain : kPlain)
        if (unit == plain)
            return {std::string(unit), 1.0, true};
    for (const auto &hz : kHertz)
        if (equalsNoCase(unit, hz.spelling))
            return {"hz", hz.factor, true};
    if (const Scaled *time = findTime(unit))
        return {"ns", time->factor, true};

    const size_t slash = unit.find('/');
    if (slash == std::string_view::npos) {
        const Scaled count = splitCount(unit);
        return count.factor == 0.0 ? unknown(unit) : Conversion{std::string(count.spelling), count.factor, true};
    }
    const std::string_view numerator = unit.substr(0, slash);
    const std::string_view denominator = unit.substr(slash + 1);
    const Scaled count = splitCount(numerator);
    if (count.factor == 0.0 || denominator.empty())
        return unknown(unit);
    if (const Scaled *time = findTime(denominator))
        return rate(count, *time);
    // Per something else ("byte/block", "Kbyte/cycle", "register/thread"): scale the numerator only.
    if (denominator.find('/') != std::string_view::npos)
        return unknown(unit);
    return {std::string(count.spelling) + "/" + std::string(denominator), count.factor, true};
}

// The power of ten that `factor` is (1e-3 ... 1e15), or 0 when it is not one.
int powerOfTen(double factor)
{
    for (int e = -3; e <= 15; ++e)
        if (e != 0 && factor == std::pow(10.0, e))
            return e;
    return 0;
}

} // namespace

Conversion toBase(std::string_view unit)
{
    Conversion c = lookUp(unit);
    c.exp10 = powerOfTen(c.factor);
    return c;
}

namespace {

// parseValue, with the number multiplied by 10^exp10 while it is still text, so that "12.74" us
// becomes exactly 12740 ns rather than 12739.999999999998.
ParsedValue parseScaled(std::string_view input, int exp10)
{
    ParsedValue out;
    const std::string_view t = trim(input);
    out.text = t;
    if (t.empty())
        return out;
    if (equalsNoCase(t, "n/a")) {
        out.kind = ValueKind::NotAvailable;
        return out;
    }
    out.kind = ValueKind::Text;

    std::string_view body = t;
    const bool negative = body.front() == '-';
    if (body.front() == '-' || body.front() == '+')
        body.remove_prefix(1);
    if (body.empty() || !(isDigit(body.front()) || body.front() == '.'))
        return out; // also keeps "nan", "inf", "-" as text

    size_t commas = 0, dots = 0;
    for (char c : body) {
        commas += c == ',';
        dots += c == '.';
    }

    // Rewrites `body` into plain "[-]digits[.digits]" form in a small buffer.
    std::array<char, 96> buffer{};
    size_t length = 0;
    bool tooLong = false;
    const auto put = [&](char c) {
        if (length < buffer.size())
            buffer[length++] = c;
        else
            tooLong = true;
    };
    if (negative)
        put('-');
    bool fraction = false;
    if (commas == 0) {
        // "123", "1.5", "1e-3", or locale grouping "27.595.520" (several dots, no comma).
        if (dots >= 2 && isGrouped(body, '.')) {
            for (char c : body)
                if (c != '.')
                    put(c);
        } else {
            for (char c : body)
                put(c);
            fraction = body.find_first_of(".eE") != std::string_view::npos;
        }
    } else {
        const size_t lastComma = body.rfind(',');
        const size_t firstDot = body.find('.');
        if (dots <= 1 && (firstDot == std::string_view::npos || firstDot > lastComma) &&
            isGrouped(body.substr(0, firstDot), ',') &&
            (firstDot == std::string_view::npos || allDigits(body.substr(firstDot + 1)))) {
            // English grouping: "2,816", "1,234,567.25".
            for (char c : body)
                if (c != ',')
                    put(c);
            fraction = firstDot != std::string_view::npos;
        } else if (commas == 1 && (dots == 0 || isGrouped(body.substr(0, lastComma), '.')) &&
                   allDigits(body.substr(lastComma + 1))) {
            // A decimal comma, maybe after locale grouping: "0,5", "1.234,5".
            for (size_t i = 0; i < lastComma; ++i)
                if (body[i] != '.')
                    put(body[i]);
            put('.');
            for (char c : body.substr(lastComma + 1))
                put(c);
            fraction = true;
        } else {
            return out;
        }
    }
    const std::string_view cleaned(buffer.data(), length);
    if (exp10 != 0 && cleaned.find_first_of("eE") == std::string_view::npos) {
        const auto [end, ec] = std::to_chars(buffer.data() + length + 1, buffer.data() + buffer.size(), exp10);
        if (ec != std::errc() || length + 1 >= buffer.size())
            return out;
        buffer[length] = 'e';
        length = size_t(end - buffer.data());
    } else if (exp10 != 0) {
        return out; // the caller multiplies instead
    }
    if (tooLong)
        return out;
    double value = 0.0;
    if (!parsePlain(std::string_view(buffer.data(), length), value))
        return out;
    out.kind = ValueKind::Number;
    out.number = value;
    out.integral = !fraction;
    return out;
}

} // namespace

ParsedValue parseValue(std::string_view input)
{
    return parseScaled(input, 0);
}

ParsedValue convertValue(std::string_view text, const Conversion &unit)
{
    if (unit.factor == 1.0)
        return parseValue(text);
    ParsedValue out = unit.exp10 != 0 ? parseScaled(text, unit.exp10) : ParsedValue{};
    if (out.kind != ValueKind::Number) {
        // Not a power of ten (Ki, Mi...), or an exponent already in the text: multiply.
        out = parseValue(text);
        if (out.kind == ValueKind::Number) {
            out.number *= unit.factor;
            out.integral = out.integral && std::nearbyint(out.number) == out.number;
        }
    }
    return out;
}

ConvertedValue parseAndConvert(std::string_view text, std::string_view unit)
{
    ConvertedValue out;
    out.unit = toBase(unit);
    out.value = convertValue(text, out.unit);
    return out;
}

} // namespace opscope::units
