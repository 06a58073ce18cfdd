#include "import/ncu/ncu_csv_reader.h"

namespace opscope::importers::ncu {

bool CsvRecordReader::feedLine(std::string_view line)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (pending_.empty()) {
        if (line.empty() || line.front() != '"') {
            ++noiseLines_;
            return false;
        }
        if (!quoteOpenAfter(line, false)) {
            recordLines_ = 1;
            split(line);
            return true;
        }
        pending_.assign(line);
        pendingLines_ = 1;
        return false;
    }
    // Inside a quoted field that holds a newline.
    const bool open = quoteOpenAfter(line, true);
    pending_ += '\n';
    pending_.append(line);
    ++pendingLines_;
    if (open)
        return false;
    recordLines_ = pendingLines_;
    // Split from a copy the next feed cannot overwrite while the caller reads the fields.
    record_.swap(pending_);
    pending_.clear();
    pendingLines_ = 0;
    split(record_);
    return true;
}

size_t CsvRecordReader::dropPending()
{
    const size_t bytes = pending_.size();
    pending_.clear();
    pendingLines_ = 0;
    return bytes;
}

void CsvRecordReader::split(std::string_view record)
{
    splitCsvRecord(record, fields_, unescaped_);
}

} // namespace opscope::importers::ncu
