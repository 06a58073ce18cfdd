#include "opscope/string_table.h"

namespace opscope {

StringTable::StringTable(const StringTable &other) : strings_(other.strings_), textBytes_(other.textBytes_)
{
    index_.reserve(strings_.size());
    for (size_t i = 0; i < strings_.size(); ++i)
        index_.emplace(std::string_view{strings_[i]}, StringId(i));
}

StringTable &StringTable::operator=(const StringTable &other)
{
    if (this != &other) {
        StringTable copy(other);
        *this = std::move(copy);
    }
    return *this;
}

StringId StringTable::intern(std::string_view text)
{
    if (auto it = index_.find(text); it != index_.end())
        return it->second;
    const auto id = StringId(strings_.size());
    strings_.emplace_back(text);
    textBytes_ += text.size();
    index_.emplace(std::string_view{strings_.back()}, id);
    return id;
}

StringId StringTable::find(std::string_view text) const
{
    auto it = index_.find(text);
    return it == index_.end() ? kNoString : it->second;
}

} // namespace opscope
