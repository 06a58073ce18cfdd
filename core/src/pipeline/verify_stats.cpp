// The measured gain over the rounds of `opscope verify`: medians, and a distribution-free interval of
// the median paired gain (the sign test's order statistics), so that no assumption about the shape of
// the host's noise is made and one wild round cannot decide.
#include "opscope/verify.h"

#include <algorithm>
#include <cmath>

namespace opscope::verify {

int64_t median(std::vector<int64_t> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

namespace {

// P(X <= k) for X ~ Binomial(n, 1/2).
double binomialCdfHalf(int n, int k)
{
    double sum = 0, term = std::pow(0.5, n); // C(n, 0) / 2^n
    for (int i = 0; i <= k; ++i) {
        sum += term;
        term = term * double(n - i) / double(i + 1);
    }
    return sum;
}

} // namespace

GainStatistics gainStatistics(const std::vector<Round> &rounds)
{
    GainStatistics s;
    if (rounds.empty())
        return s;
    std::vector<int64_t> baseline, fixed, gains;
    for (const Round &r : rounds) {
        baseline.push_back(r.baselineNs);
        fixed.push_back(r.fixedNs);
        gains.push_back(r.gainNs());
    }
    s.baselineNs = median(baseline);
    s.fixedNs = median(fixed);
    s.gainNs = median(gains);
    std::sort(gains.begin(), gains.end());
    // [g(k), g(n+1-k)] holds the median with probability 1 - 2 P(X <= k-1): the largest k whose
    // coverage is still >= 90 % (k = 1, the whole range, below 5 rounds, with less).
    const int n = int(gains.size());
    int k = 1;
    while (k + 1 <= (n + 1) / 2 && 1.0 - 2.0 * binomialCdfHalf(n, k) >= 0.90)
        ++k;
    s.confidence = n >= 2 ? 1.0 - 2.0 * binomialCdfHalf(n, k - 1) : 0.0;
    s.lowNs = gains[size_t(k - 1)];
    s.highNs = gains[size_t(n - k)];
    s.spreadNs = std::max(s.gainNs - s.lowNs, s.highNs - s.gainNs);
    s.significant = n >= 2 && std::llabs(s.gainNs) > s.spreadNs;
    return s;
}

} // namespace opscope::verify
