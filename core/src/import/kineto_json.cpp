// PLACEHOLDER: replaced by the real importer in this session; detects nothing yet.
#include "import/importers.h"

#include "opscope/errors.h"

namespace opscope::importers {

bool detectKinetoJson(const FileProbe &)
{
    return false;
}

Profile importKinetoJson(const std::string &path, const Progress &)
{
    throw FileError(path, "this format is not supported yet");
}

} // namespace opscope::importers
