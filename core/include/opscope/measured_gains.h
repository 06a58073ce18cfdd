#pragma once
// Measured gains (`opscope verify`, verify.h) as a run folder and a profile keep them, and as the
// insights show them. A run's results are in <run>/verify.json; its profile holds the same list in
// the metadata key `verify_results` (docs/verify.md has the schema). The latest result of a fix is
// the one that counts.

#include "opscope/insights.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace opscope {

inline constexpr const char *kVerifyResultsFile = "verify.json"; // in the run folder

// The results stored in the profile's metadata, oldest first; empty when there are none or the value
// is not a JSON array (never throws).
std::vector<nlohmann::json> storedVerifyResults(const Profile &p);

// The measured gain a stored result holds; nullopt when it lacks one of the fields.
std::optional<MeasuredGain> measuredGainOf(const nlohmann::json &result);

// A measured gain as a stored result holds it (the fields measuredGainOf reads).
nlohmann::json measuredGainJson(const MeasuredGain &m);

// Gives every insight whose verifyFix has a stored result the latest one, then ranks: an item's place
// is its measured gain where it has one (0 where the measurement found no significant gain), its
// estimated gain otherwise. Stable among equals.
void attachMeasuredGains(InsightReport &report, const std::vector<nlohmann::json> &results);

// "measured 6.9 ms ± 0.4 ms (8 rounds)" (with the baseline and fixed step, and the peaks where they
// were measured); "no measurable gain: ..." when the spread is larger than the gain.
std::string describeMeasuredGain(const MeasuredGain &m, Typography micro = Typography::Ascii);
// "2048.0 MiB -> 1536.0 MiB (-25.0%)": the peaks of both arms.
std::string describePeaks(int64_t baselineBytes, int64_t fixedBytes);

} // namespace opscope
