#pragma once
// Interned strings: every name in a profile (kernel names, operator names, shapes, NVTX texts) is
// stored once and referred to by a 32-bit id, so events stay small and fixed-size.

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace opscope {

using StringId = uint32_t;
inline constexpr StringId kNoString = UINT32_MAX;

class StringTable {
public:
    StringTable() = default;
    StringTable(const StringTable &other);
    StringTable &operator=(const StringTable &other);
    StringTable(StringTable &&) noexcept = default;
    StringTable &operator=(StringTable &&) noexcept = default;

    // Returns the id of `text`, adding it when new.
    StringId intern(std::string_view text);
    // The id of `text` if it is already interned, else kNoString.
    StringId find(std::string_view text) const;
    // The text of `id`; an empty view for kNoString.
    std::string_view get(StringId id) const
    {
        return id == kNoString || id >= strings_.size() ? std::string_view{} : std::string_view{strings_[id]};
    }
    size_t size() const { return strings_.size(); }
    // Bytes held by the texts themselves (for memory accounting).
    size_t textBytes() const { return textBytes_; }

    bool operator==(const StringTable &other) const { return strings_ == other.strings_; }

private:
    // A deque keeps each std::string at a stable address, so the index can key on views of them.
    std::deque<std::string> strings_;
    std::unordered_map<std::string_view, StringId> index_;
    size_t textBytes_ = 0;
};

} // namespace opscope
