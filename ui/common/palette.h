#pragma once
// Stable colours for operators, modules and kernels, shared by every view: the same name always
// gets the same colour (a hash of the name picks one of a fixed palette), made readable on the
// background in light and dark themes alike.

#include "opscope/profile.h"

#include <QColor>

#include <cstdint>
#include <string_view>
#include <vector>

namespace opscope::ui {

// What a kernel's colour says: the operator that launched it or the top-level module it ran in.
enum class ColorMode : uint8_t { Operator, Module };

// Palette slots: 0..kPaletteSize-1 are hues; kNeutralSlot is for things with no name or owner.
inline constexpr uint8_t kPaletteSize = 18;
inline constexpr uint8_t kNeutralSlot = kPaletteSize;
inline constexpr uint8_t kSlotCount = kPaletteSize + 1;

// A slot's colour, readable (3:1) on `background`; without one, on the application palette's base.
QColor slotColor(uint8_t slot, const QColor &background);
QColor slotColor(uint8_t slot);
// A stable slot for a text (FNV-1a of its bytes): the same in every run and every view.
uint8_t slotForName(std::string_view name);
// The key a module path is coloured by: its top-level component below the root, so
// "blocks.3.attn[Attention]", "model.blocks.3.attn" (root "model") and every range with those texts
// share "blocks"; the root itself keeps its own name. Without a root path: the first component.
std::string_view moduleColorKey(std::string_view path, std::string_view rootPath = {});
// Black or white, whichever reads better on `fill`.
QColor textColorOn(const QColor &fill);

// The colours other views use (uncached; a view that paints many items keeps a ColorCache).
QColor colorForName(std::string_view name);
QColor colorForModule(const Profile &profile, Index module);
QColor colorForOperator(const Profile &profile, Index op, ColorMode mode);
QColor colorForKernel(const Profile &profile, Index kernel, ColorMode mode);

// Slot lookups for painting: hashes each name and module once per profile.
class ColorCache {
public:
    // Without `memoize` every lookup hashes again (for one-off calls that should not allocate).
    explicit ColorCache(const Profile &profile, bool memoize = true);

    uint8_t kernelSlot(Index kernel, ColorMode mode);
    uint8_t operatorSlot(Index op, ColorMode mode);
    uint8_t rangeSlot(Index range, ColorMode mode);
    uint8_t memoryOpSlot(Index memoryOp);
    uint8_t apiCallSlot(Index call);

    // Building blocks, public so the uncached functions share them.
    uint8_t nameSlot(StringId name);
    uint8_t moduleSlot(Index module);
    uint8_t moduleKeySlot(StringId rangeText);

private:
    static constexpr uint8_t kUnknown = 0xFF;
    uint8_t memo(std::vector<uint8_t> &table, size_t key, size_t keyCount, auto &&compute);

    const Profile &profile_;
    bool memoize_;
    std::string_view rootPath_; // of the first root module, for range texts
    std::vector<uint8_t> nameSlots_;
    std::vector<uint8_t> moduleKeySlots_; // by StringId of a range text
    std::vector<uint8_t> moduleSlots_;    // by module index
};

} // namespace opscope::ui
