#pragma once
// The summary of a profile: what `opscope summary` prints and the GUI's status line shows.

#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <string>

namespace opscope {

nlohmann::ordered_json summaryJson(const Profile &profile);
// A human-readable rendering of the same figures.
std::string summaryText(const Profile &profile);

} // namespace opscope
