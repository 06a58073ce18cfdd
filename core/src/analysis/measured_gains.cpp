// Measured gains stored with a profile, given to its insights, and said in words (measured_gains.h).
#include "opscope/measured_gains.h"
#include "opscope/json_input.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace opscope {

namespace {

std::string mebibytes(int64_t bytes)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.1f MiB", double(bytes) / (1024.0 * 1024.0));
    return buffer;
}

// The place an insight takes in the ranking: its measured gain where it has one.
int64_t rankingGain(const Insight &i)
{
    if (!i.measured)
        return i.estimatedGainNs;
    return i.measured->significant ? i.measured->gainNs : 0;
}

} // namespace

std::vector<nlohmann::json> storedVerifyResults(const Profile &p)
{
    std::vector<nlohmann::json> out;
    const std::string *text = p.metadataValue(kVerifyResultsKey);
    if (!text)
        return out;
    nlohmann::json parsed;
    try {
        parsed = parseJsonInput(*text); // an .opscope someone sent: nested too deep is no result
    } catch (const nlohmann::json::exception &) {
        return out;
    }
    if (!parsed.is_array())
        return out;
    for (const nlohmann::json &r : parsed)
        if (r.is_object())
            out.push_back(r);
    return out;
}

std::optional<MeasuredGain> measuredGainOf(const nlohmann::json &r)
{
    const auto integer = [&](const char *key, int64_t &out) {
        const auto it = r.find(key);
        if (it == r.end() || !it->is_number_integer())
            return false;
        out = it->get<int64_t>();
        return true;
    };
    MeasuredGain m;
    int64_t rounds = 0;
    if (!r.is_object() || !r.contains("fix") || !r["fix"].is_string() || !integer("baseline_ns", m.baselineNs) ||
        !integer("fixed_ns", m.fixedNs) || !integer("gain_ns", m.gainNs) || !integer("spread_ns", m.spreadNs) ||
        !integer("rounds", rounds) || !r.contains("significant") || !r["significant"].is_boolean())
        return std::nullopt;
    m.fix = r["fix"].get<std::string>();
    m.rounds = int(rounds);
    m.significant = r["significant"].get<bool>();
    integer("baseline_peak_bytes", m.baselinePeakBytes);
    integer("fixed_peak_bytes", m.fixedPeakBytes);
    return m;
}

nlohmann::json measuredGainJson(const MeasuredGain &m)
{
    return {{"fix", m.fix},
            {"baseline_ns", m.baselineNs},
            {"fixed_ns", m.fixedNs},
            {"gain_ns", m.gainNs},
            {"spread_ns", m.spreadNs},
            {"rounds", m.rounds},
            {"significant", m.significant},
            {"baseline_peak_bytes", m.baselinePeakBytes},
            {"fixed_peak_bytes", m.fixedPeakBytes}};
}

void attachMeasuredGains(InsightReport &report, const std::vector<nlohmann::json> &results)
{
    std::map<std::string, MeasuredGain> latest;
    for (const nlohmann::json &r : results)
        if (std::optional<MeasuredGain> m = measuredGainOf(r))
            latest[m->fix] = *m;
    if (latest.empty())
        return;
    bool any = false;
    for (Insight &i : report.insights)
        if (const auto it = latest.find(i.verifyFix); !i.verifyFix.empty() && it != latest.end()) {
            i.measured = it->second;
            any = true;
        }
    if (any)
        std::stable_sort(report.insights.begin(), report.insights.end(),
                         [](const Insight &a, const Insight &b) { return rankingGain(a) > rankingGain(b); });
}

std::string describePeaks(int64_t baselineBytes, int64_t fixedBytes)
{
    return mebibytes(baselineBytes) + " -> " + mebibytes(fixedBytes) + " (" + formatChange(baselineBytes, fixedBytes) +
           ")";
}

std::string describeMeasuredGain(const MeasuredGain &m, Typography micro)
{
    const auto ms = [&](int64_t ns) { return formatFixedDuration(ns, 1, micro); };
    const char *plusMinus = micro == Typography::Unicode ? " \u00b1 " : " +/- ";
    std::string text = m.significant ? "measured " + ms(m.gainNs) : "no measurable gain: " + ms(m.gainNs);
    text += plusMinus + ms(m.spreadNs) + " (" + std::to_string(m.rounds) + " round" + (m.rounds == 1 ? "" : "s") +
            ", " + ms(m.baselineNs) + " -> " + ms(m.fixedNs) + " a step";
    if (m.baselinePeakBytes >= 0 && m.fixedPeakBytes >= 0)
        text += "; peak memory " + describePeaks(m.baselinePeakBytes, m.fixedPeakBytes);
    return text + ")";
}

} // namespace opscope
