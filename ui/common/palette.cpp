#include "common/palette.h"

#include "common/theme.h"

#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <array>
#include <mutex>

namespace opscope::ui {

namespace {

// Tableau 20 without its two greys; slotColor() darkens the pale ones on a light background and lightens
// the deep ones on a dark one.
constexpr std::array<QRgb, kPaletteSize> kPalette = {
    0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F,
    0xA0CBE8, 0xFFBE7D, 0xFF9D9A, 0x86BCB6, 0x8CD17D, 0xF1CE63, 0xD4A6C8, 0xFABFD2, 0xD7B5A6,
};
constexpr QRgb kNeutral = 0xBAB0AC;

std::string_view stripClassSuffix(std::string_view path)
{
    // "model.blocks.3.attn[Attention]" -> "model.blocks.3.attn"
    if (!path.empty() && path.back() == ']')
        if (const size_t open = path.rfind('['); open != std::string_view::npos)
            return path.substr(0, open);
    return path;
}

std::string_view firstComponent(std::string_view path)
{
    return path.substr(0, path.find('.'));
}

} // namespace

QColor slotColor(uint8_t slot, const QColor &background)
{
    // The palette's tones, moved in lightness until they stand out from the background (common/theme.h):
    // computed once per background, as every view asks for the same few.
    static std::mutex mutex;
    static QRgb cachedFor = 0;
    static bool cached = false;
    static std::array<QRgb, kSlotCount> colors{};
    const std::lock_guard lock(mutex);
    if (!cached || cachedFor != background.rgb()) {
        for (uint8_t s = 0; s < kSlotCount; ++s)
            colors[s] = readableOn(QColor(s < kPaletteSize ? kPalette[s] : kNeutral), background).rgb();
        cachedFor = background.rgb();
        cached = true;
    }
    return QColor(colors[std::min<uint8_t>(slot, kNeutralSlot)]);
}

QColor slotColor(uint8_t slot)
{
    if (!qApp) // no application, no palette: the tones as they are
        return QColor(slot < kPaletteSize ? kPalette[slot] : kNeutral);
    return slotColor(slot, QGuiApplication::palette().color(QPalette::Base));
}

uint8_t slotForName(std::string_view name)
{
    if (name.empty())
        return kNeutralSlot;
    uint32_t hash = 2166136261u;
    for (const char c : name)
        hash = (hash ^ uint8_t(c)) * 16777619u;
    // FNV's low bits are weak for short keys: fold the high half in before taking the modulus.
    return uint8_t(((hash >> 16) ^ hash) % kPaletteSize);
}

std::string_view moduleColorKey(std::string_view path, std::string_view rootPath)
{
    path = stripClassSuffix(path);
    rootPath = stripClassSuffix(rootPath);
    if (!rootPath.empty()) {
        if (path == rootPath)
            return path;
        if (path.size() > rootPath.size() && path.starts_with(rootPath) && path[rootPath.size()] == '.')
            return firstComponent(path.substr(rootPath.size() + 1));
        return firstComponent(path);
    }
    return firstComponent(path);
}

QColor textColorOn(const QColor &fill)
{
    // Relative luminance (Rec. 709 weights) on the gamma-encoded values is close enough here.
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

ColorCache::ColorCache(const Profile &profile, bool memoize) : profile_(profile), memoize_(memoize)
{
    // Range texts carry module paths without a link to the module: strip the root the same way.
    for (const ModuleInstance &m : profile.modules)
        if (m.parent == kNoIndex) {
            rootPath_ = profile.text(m.path);
            break;
        }
}

uint8_t ColorCache::memo(std::vector<uint8_t> &table, size_t key, size_t keyCount, auto &&compute)
{
    if (!memoize_ || key >= keyCount)
        return compute();
    if (table.size() != keyCount)
        table.assign(keyCount, kUnknown);
    if (table[key] == kUnknown)
        table[key] = compute();
    return table[key];
}

uint8_t ColorCache::nameSlot(StringId name)
{
    return memo(nameSlots_, name, profile_.strings.size(), [&] { return slotForName(profile_.text(name)); });
}

uint8_t ColorCache::moduleKeySlot(StringId rangeText)
{
    return memo(moduleKeySlots_, rangeText, profile_.strings.size(),
                [&] { return slotForName(moduleColorKey(profile_.text(rangeText), rootPath_)); });
}

uint8_t ColorCache::moduleSlot(Index module)
{
    if (module >= profile_.modules.size())
        return kNeutralSlot;
    return memo(moduleSlots_, module, profile_.modules.size(), [&] {
        Index root = module;
        // Bounded walk: a corrupt parent chain must not hang the painter.
        for (size_t steps = 0; steps < profile_.modules.size(); ++steps) {
            const Index parent = profile_.modules[root].parent;
            if (parent >= profile_.modules.size())
                break;
            root = parent;
        }
        const std::string_view path = profile_.text(profile_.modules[module].path);
        const std::string_view rootPath =
            root == module ? std::string_view{} : profile_.text(profile_.modules[root].path);
        return slotForName(root == module ? stripClassSuffix(path) : moduleColorKey(path, rootPath));
    });
}

uint8_t ColorCache::operatorSlot(Index op, ColorMode mode)
{
    if (op >= profile_.operators.size())
        return kNeutralSlot;
    const Operator &o = profile_.operators[op];
    if (mode == ColorMode::Module && o.module != kNoIndex)
        return moduleSlot(o.module);
    return nameSlot(o.name);
}

uint8_t ColorCache::kernelSlot(Index kernel, ColorMode mode)
{
    if (kernel >= profile_.kernels.size())
        return kNeutralSlot;
    const Kernel &k = profile_.kernels[kernel];
    if (mode == ColorMode::Module) {
        if (k.module != kNoIndex)
            return moduleSlot(k.module);
        if (k.op < profile_.operators.size() && profile_.operators[k.op].module != kNoIndex)
            return moduleSlot(profile_.operators[k.op].module);
    }
    if (k.op < profile_.operators.size())
        return nameSlot(profile_.operators[k.op].name);
    // Not attributed yet: its own name keeps it recognisable.
    return nameSlot(k.short_name != kNoString ? k.short_name : k.name);
}

uint8_t ColorCache::rangeSlot(Index range, ColorMode mode)
{
    if (range >= profile_.ranges.size())
        return kNeutralSlot;
    const StringId text = profile_.ranges[range].text;
    return mode == ColorMode::Module ? moduleKeySlot(text) : nameSlot(text);
}

uint8_t ColorCache::memoryOpSlot(Index memoryOp)
{
    if (memoryOp >= profile_.memory_ops.size())
        return kNeutralSlot;
    const MemoryOp &m = profile_.memory_ops[memoryOp];
    if (m.kind == MemoryOpKind::Memset)
        return slotForName("memset");
    // CUPTI copy kinds: 1 HtoD, 2 DtoH, 8 DtoD, 10 PtoP; the rest share one colour.
    switch (m.copy_kind) {
    case 1:
        return slotForName("memcpy HtoD");
    case 2:
        return slotForName("memcpy DtoH");
    case 8:
        return slotForName("memcpy DtoD");
    default:
        return slotForName("memcpy");
    }
}

uint8_t ColorCache::apiCallSlot(Index call)
{
    return call < profile_.api_calls.size() ? nameSlot(profile_.api_calls[call].name) : kNeutralSlot;
}

QColor colorForName(std::string_view name)
{
    return slotColor(slotForName(name));
}

QColor colorForModule(const Profile &profile, Index module)
{
    return slotColor(ColorCache(profile, false).moduleSlot(module));
}

QColor colorForOperator(const Profile &profile, Index op, ColorMode mode)
{
    return slotColor(ColorCache(profile, false).operatorSlot(op, mode));
}

QColor colorForKernel(const Profile &profile, Index kernel, ColorMode mode)
{
    return slotColor(ColorCache(profile, false).kernelSlot(kernel, mode));
}

} // namespace opscope::ui
