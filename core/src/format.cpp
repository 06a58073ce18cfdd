#include "opscope/format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace opscope {

namespace {

const char *microName(MicroUnit micro)
{
    return micro == MicroUnit::Greek ? "\u00b5s" : "us";
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

} // namespace

std::string formatFixedDuration(int64_t ns, int usDecimals, MicroUnit micro)
{
    const long long magnitude = std::llabs(static_cast<long long>(ns));
    if (magnitude >= 1000000)
        return scaled(double(ns) / 1e6, usDecimals + 1, "ms");
    if (magnitude >= 1000)
        return scaled(double(ns) / 1e3, usDecimals, microName(micro));
    return wholeNs(ns);
}

std::string formatShortDuration(double ns, MicroUnit micro)
{
    const double magnitude = std::fabs(ns);
    if (magnitude < 1e3)
        return wholeNs(std::llround(ns));
    auto threeDigits = [](double value, const char *unit) {
        const double a = std::fabs(value);
        return scaled(value, a >= 100 ? 0 : a >= 10 ? 1 : 2, unit);
    };
    if (magnitude < 1e6)
        return threeDigits(ns / 1e3, microName(micro));
    if (magnitude < 1e9)
        return threeDigits(ns / 1e6, "ms");
    return threeDigits(ns / 1e9, "s");
}

std::string formatTimestamp(int64_t nsSinceOrigin)
{
    return scaled(double(nsSinceOrigin) / 1e6, 3, "ms");
}

} // namespace opscope
