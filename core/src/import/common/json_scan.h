#pragma once
// Streaming JSON reading for trace files of a gigabyte and more: a chunked reader (plain or gzip,
// inflated chunk by chunk), a window of bytes over it, and a lexer on raw bytes. No DOM: callers pick
// the fields they need out of each small value and the window moves on.
//
// The window keeps a NUL byte right after its data and zeroed padding behind it, so the hot loops need
// no bounds checks: they stop at NUL, and a NUL at the window's end means "need more input" while a NUL
// anywhere else is a syntax error (JSON text has no raw NUL bytes).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace opscope::json {

// Malformed input at a byte offset of the (inflated) text; the importer turns it into a FileError.
struct SyntaxError {
    uint64_t offset = 0;
    std::string message;
};

// The bytes of a file in chunks, inflated when the content is gzip (by magic, not by name).
class ChunkReader {
public:
    explicit ChunkReader(const std::string &path); // throws FileError when the file cannot be opened
    ~ChunkReader();
    ChunkReader(const ChunkReader &) = delete;
    ChunkReader &operator=(const ChunkReader &) = delete;

    // Fills up to `capacity` bytes; returns how many (0 only at the end of the content).
    size_t read(char *dst, size_t capacity);
    uint64_t fileSize() const { return fileSize_; }
    uint64_t fileBytesRead() const { return fileBytesRead_; } // of the file itself, for progress
    bool gzip() const { return gzip_; }
    bool gzipTruncated() const { return gzipTruncated_; } // the gzip stream ended before its end marker

private:
    size_t readRaw(char *dst, size_t capacity);
    size_t inflateInto(char *dst, size_t capacity);

    std::string path_;
    int fd_ = -1;
    uint64_t fileSize_ = 0;
    uint64_t fileBytesRead_ = 0;
    bool gzip_ = false;
    bool gzipTruncated_ = false;
    bool rawEof_ = false;
    bool streamEnded_ = false;
    struct Inflater;
    std::unique_ptr<Inflater> inflater_;
    std::string pending_; // bytes read while sniffing the magic, handed out first
    size_t pendingPos_ = 0;
};

// A sliding window of bytes over a ChunkReader. [begin(), end()) holds the bytes read and not yet
// dropped; *end() == '\0'.
class Window {
public:
    static constexpr size_t kPadding = 64;

    // With `buffers` > 1 the window rotates over that many buffers, so that the bytes of the last
    // buffers - 1 fills stay valid while another thread still reads them (see more()).
    Window(ChunkReader &reader, size_t chunkBytes, size_t maxHeldBytes, size_t buffers = 1);

    const char *begin() const { return buffers_[current_].data.get(); }
    const char *end() const { return end_; }
    bool exhausted() const { return exhausted_; }
    uint64_t offsetOf(const char *p) const { return base_ + uint64_t(p - begin()); }

    // Drops the bytes before `keep`, reads more after end(). `keep` and `cursor` (both within the window)
    // are moved along with their bytes. Returns false when the input had nothing more; throws
    // SyntaxError when the bytes to keep would exceed the size limit. With several buffers the kept
    // bytes are copied into the next buffer and the one left behind is untouched until the window
    // rotates back to it.
    bool more(const char *&keep, const char *&cursor);

private:
    struct Buffer {
        std::unique_ptr<char[]> data;
        size_t capacity = 0; // usable bytes, padding excluded
    };
    static void allocate(Buffer &buffer, size_t capacity);

    ChunkReader &reader_;
    size_t chunk_;
    size_t maxHeld_;
    std::vector<Buffer> buffers_;
    size_t current_ = 0;
    char *end_ = nullptr;
    uint64_t base_ = 0;
    bool exhausted_ = false;
};

// Where a parse stopped: nullptr from the helpers below means the value runs past the window's end.
struct Lexer {
    const char *end = nullptr; // the window's end (its NUL sentinel)
    uint64_t base = 0;         // offset of `origin`
    const char *origin = nullptr;

    uint64_t offsetOf(const char *p) const { return base + uint64_t(p - origin); }
    [[noreturn]] void fail(const char *p, const std::string &what) const;

    // Called where a NUL byte stopped a loop: nullptr at the window's end, a SyntaxError elsewhere.
    const char *atNul(const char *p) const
    {
        if (p >= end)
            return nullptr;
        fail(p, "a NUL byte in the text (binary data?)");
    }

    static bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
    static const char *skipSpace(const char *p)
    {
        while (isSpace(*p))
            ++p;
        return p;
    }

    // First '"', '\\' or NUL at or after p.
    static const char *findQuoteOrEscape(const char *p)
    {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), zero = _mm_setzero_si128();
        for (;; p += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            const int mask = _mm_movemask_epi8(_mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), _mm_cmpeq_epi8(v, zero)));
            if (mask)
                return p + __builtin_ctz(unsigned(mask));
        }
#else
        while (*p != '"' && *p != '\\' && *p != '\0')
            ++p;
        return p;
#endif
    }

    // First of '"', '{', '}', '[', ']' or NUL at or after p.
    static const char *findStructural(const char *p)
    {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"'), zero = _mm_setzero_si128();
        const __m128i openCurly = _mm_set1_epi8('{'), closeCurly = _mm_set1_epi8('}');
        const __m128i openSquare = _mm_set1_epi8('['), closeSquare = _mm_set1_epi8(']');
        for (;; p += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            const __m128i hits =
                _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, zero)),
                             _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, openCurly), _mm_cmpeq_epi8(v, closeCurly)),
                                          _mm_or_si128(_mm_cmpeq_epi8(v, openSquare), _mm_cmpeq_epi8(v, closeSquare))));
            const int mask = _mm_movemask_epi8(hits);
            if (mask)
                return p + __builtin_ctz(unsigned(mask));
        }
#else
        for (;; ++p)
            switch (*p) {
            case '"':
            case '{':
            case '}':
            case '[':
            case ']':
            case '\0':
                return p;
            default:
                break;
            }
#endif
    }

    // p is just past an opening quote. Returns the closing quote, or nullptr when the string runs past
    // the end. `escaped` is set when the string holds backslash escapes.
    const char *stringEnd(const char *p, bool &escaped) const
    {
        for (;;) {
            p = findQuoteOrEscape(p);
            if (*p == '"')
                return p;
            if (*p == '\\') {
                escaped = true;
                if (p[1] == '\0')
                    return atNul(p + 1);
                p += 2;
                continue;
            }
            return atNul(p);
        }
    }

    // p is at '{' or '['. Returns the byte after the matching bracket, or nullptr past the end.
    const char *containerEnd(const char *p) const;
    // p is at the first byte of any value. Returns the byte after it, or nullptr past the end.
    const char *valueEnd(const char *p) const;
    // A bare token (number, true, false, null, NaN...): returns its end, or nullptr when it touches the end.
    const char *bareEnd(const char *p) const;
};

// Decodes the JSON escapes of a string's raw contents into `out` (\uXXXX to UTF-8). Returns false for a
// malformed escape (the text is then copied as far as it could be decoded).
bool unescape(std::string_view raw, std::string &out);

// Parses a JSON number (text) exactly, scaled by 10^scale and rounded half away from zero, into an int64:
// decimalToInt("1694039959.123", 3) == 1694039959123. No floating point on the way. Accepts a sign, a
// fraction and an exponent; false for anything else (NaN, Infinity, empty) or when out of range.
bool decimalToInt(std::string_view text, int scale, int64_t &out);
// A JSON number as a double (for figures that are not times or ids); false if not a finite number.
bool toDouble(std::string_view text, double &out);

} // namespace opscope::json
