#pragma once
// OpScope's own profile file (.opscope): one SQLite database holding the whole model.
// Written in one transaction to a temporary file that then replaces the target atomically;
// opened read-only for viewing.

#include "opscope/profile.h"
#include "opscope/progress.h"

#include <string>

namespace opscope {

// Bumped whenever the layout changes so that older builds would misread a file; files from newer
// versions are refused with a clear message. A table older builds do not know is no such change: they
// ignore it (reference_twins came so, within format 1).
inline constexpr int kProfileFormatVersion = 1;
// SQLite application_id of our files ("OPSC").
inline constexpr int kProfileApplicationId = 0x4F505343;

// Saves `profile` to `path`, replacing any existing file only once the new one is complete; reports
// the share of rows written through `progress`, and a cancelled save leaves the old file as it was.
// Throws FileError, or Cancelled.
void saveProfile(const Profile &profile, const std::string &path, const Progress &progress = {});

// Loads a profile saved by saveProfile. Throws FileError for a file that is missing, not ours,
// damaged, or written by a newer OpScope, and Cancelled once `progress` is cancelled.
Profile loadProfile(const std::string &path, const Progress &progress = {});

// True if the file starts like an SQLite database whose application_id is ours.
bool looksLikeOpScopeFile(const std::string &path);

} // namespace opscope
