#include "import/common/json_scan.h"

#include "opscope/errors.h"

#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>

namespace opscope::json {

// ---- ChunkReader ---------------------------------------------------------------------------------

namespace {
constexpr size_t kCompressedBlock = 1 << 20;
}

struct ChunkReader::Inflater {
    z_stream stream{};
    std::unique_ptr<char[]> input{new char[kCompressedBlock]};
    bool initialised = false;
    ~Inflater()
    {
        if (initialised)
            inflateEnd(&stream);
    }
};

ChunkReader::ChunkReader(const std::string &path) : path_(path)
{
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            ::close(fd_);
            fd_ = -1;
            throw FileError(path, "is a folder, not a file");
        }
        fileSize_ = uint64_t(st.st_size);
    }
#if defined(POSIX_FADV_SEQUENTIAL)
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    // Sniff the gzip magic; the bytes read are handed out (or inflated) first.
    pending_.resize(2);
    size_t got = 0;
    while (got < 2) {
        const size_t n = readRaw(pending_.data() + got, 2 - got);
        if (n == 0)
            break;
        got += n;
    }
    pending_.resize(got);
    gzip_ = got == 2 && uint8_t(pending_[0]) == 0x1f && uint8_t(pending_[1]) == 0x8b;
    if (gzip_) {
        inflater_ = std::make_unique<Inflater>();
        if (inflateInit2(&inflater_->stream, 15 + 16) != Z_OK)
            throw FileError(path, "cannot initialise the gzip decoder");
        inflater_->initialised = true;
        std::memcpy(inflater_->input.get(), pending_.data(), pending_.size());
        inflater_->stream.next_in = reinterpret_cast<Bytef *>(inflater_->input.get());
        inflater_->stream.avail_in = uInt(pending_.size());
        pending_.clear();
    }
}

ChunkReader::~ChunkReader()
{
    if (fd_ >= 0)
        ::close(fd_);
}

size_t ChunkReader::readRaw(char *dst, size_t capacity)
{
    if (rawEof_ || capacity == 0)
        return 0;
    for (;;) {
        const ssize_t n = ::read(fd_, dst, capacity);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw FileError(path_, std::string("read error: ") + std::strerror(errno));
        }
        if (n == 0)
            rawEof_ = true;
        fileBytesRead_ += uint64_t(n);
        return size_t(n);
    }
}

size_t ChunkReader::inflateInto(char *dst, size_t capacity)
{
    z_stream &zs = inflater_->stream;
    size_t produced = 0;
    while (produced < capacity && !streamEnded_) {
        if (zs.avail_in == 0) {
            const size_t n = readRaw(inflater_->input.get(), kCompressedBlock);
            if (n == 0) {
                gzipTruncated_ = true; // input ended inside a gzip member
                streamEnded_ = true;
                break;
            }
            zs.next_in = reinterpret_cast<Bytef *>(inflater_->input.get());
            zs.avail_in = uInt(n);
        }
        zs.next_out = reinterpret_cast<Bytef *>(dst + produced);
        zs.avail_out = uInt(std::min<size_t>(capacity - produced, 1u << 30));
        const uInt before = zs.avail_out;
        const int rc = inflate(&zs, Z_NO_FLUSH);
        produced += before - zs.avail_out;
        if (rc == Z_STREAM_END) {
            // Concatenated gzip members are one stream of text; anything else after the end is ignored.
            if (zs.avail_in == 0) {
                const size_t n = readRaw(inflater_->input.get(), kCompressedBlock);
                zs.next_in = reinterpret_cast<Bytef *>(inflater_->input.get());
                zs.avail_in = uInt(n);
            }
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b)
                inflateReset(&zs);
            else
                streamEnded_ = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            throw FileError(path_, std::string("damaged gzip data (") + (zs.msg ? zs.msg : "inflate failed") + ")");
        }
    }
    return produced;
}

size_t ChunkReader::read(char *dst, size_t capacity)
{
    if (capacity == 0)
        return 0;
    if (gzip_)
        return inflateInto(dst, capacity);
    size_t produced = 0;
    if (pendingPos_ < pending_.size()) {
        const size_t n = std::min(capacity, pending_.size() - pendingPos_);
        std::memcpy(dst, pending_.data() + pendingPos_, n);
        pendingPos_ += n;
        produced += n;
    }
    while (produced < capacity) {
        const size_t n = readRaw(dst + produced, capacity - produced);
        if (n == 0)
            break;
        produced += n;
    }
    return produced;
}

// ---- Window --------------------------------------------------------------------------------------

Window::Window(ChunkReader &reader, size_t chunkBytes, size_t maxHeldBytes, size_t buffers)
    : reader_(reader), chunk_(chunkBytes), maxHeld_(maxHeldBytes), buffers_(std::max<size_t>(1, buffers))
{
    // A chunk plus room for the partial value carried over from the previous one.
    allocate(buffers_[0], chunk_ + chunk_ / 4);
    end_ = buffers_[0].data.get();
    std::memset(end_, 0, kPadding);
}

void Window::allocate(Buffer &buffer, size_t capacity)
{
    buffer.data.reset(new char[capacity + kPadding]);
    buffer.capacity = capacity;
}

bool Window::more(const char *&keep, const char *&cursor)
{
    if (exhausted_)
        return false;
    char *data = buffers_[current_].data.get();
    const size_t keepOffset = size_t(keep - data);
    const size_t cursorOffset = size_t(cursor - keep);
    const size_t live = size_t(end_ - keep);
    if (live > maxHeld_)
        throw SyntaxError{offsetOf(keep), "a single JSON value larger than " + std::to_string(maxHeld_ >> 20) +
                                              " MiB (not a trace this program can read)"};
    base_ += keepOffset;
    // At least a whole chunk fits behind the kept bytes (a value longer than the carry room grows it).
    const size_t needed =
        std::max(chunk_ + chunk_ / 4,
                 live + chunk_ / 2 > buffers_[current_].capacity ? live + chunk_ : buffers_[current_].capacity);
    if (buffers_.size() > 1) {
        // Rotate: the bytes of the buffer left behind stay valid until the window comes back to it.
        Buffer &next = buffers_[(current_ + 1) % buffers_.size()];
        if (next.capacity < needed)
            allocate(next, needed);
        std::memcpy(next.data.get(), keep, live);
        current_ = (current_ + 1) % buffers_.size();
        data = next.data.get();
    } else {
        if (keepOffset > 0)
            std::memmove(data, keep, live);
        if (buffers_[0].capacity < needed) {
            Buffer grown;
            allocate(grown, needed);
            std::memcpy(grown.data.get(), data, live);
            buffers_[0] = std::move(grown);
            data = buffers_[0].data.get();
        }
    }
    const size_t got = reader_.read(data + live, buffers_[current_].capacity - live);
    end_ = data + live + got;
    std::memset(end_, 0, kPadding);
    keep = data;
    cursor = data + cursorOffset;
    if (got == 0) {
        exhausted_ = true;
        return false;
    }
    return true;
}

// ---- Lexer ---------------------------------------------------------------------------------------

void Lexer::fail(const char *p, const std::string &what) const
{
    throw SyntaxError{offsetOf(p), what};
}

namespace {

// Depth-counting scan, byte by byte: the fallback for blocks with escapes or the window's end.
const char *containerEndScalar(const Lexer &lx, const char *p, int depth, bool inString)
{
    if (inString) {
        bool escaped = false;
        p = lx.stringEnd(p, escaped);
        if (!p)
            return nullptr;
        ++p;
    }
    for (;;) {
        p = Lexer::findStructural(p);
        switch (*p) {
        case '"': {
            bool escaped = false;
            p = lx.stringEnd(p + 1, escaped);
            if (!p)
                return nullptr;
            ++p;
            break;
        }
        case '{':
        case '[':
            ++depth;
            ++p;
            break;
        case '}':
        case ']':
            ++p;
            if (--depth == 0)
                return p;
            break;
        default:
            return lx.atNul(p);
        }
    }
}

#if defined(__SSE2__)
uint64_t bytesEqual(const __m128i (&block)[4], char c)
{
    const __m128i needle = _mm_set1_epi8(c);
    uint64_t mask = 0;
    for (int i = 0; i < 4; ++i)
        mask |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(block[i], needle)))) << (16 * i);
    return mask;
}

// Bit i set where an odd number of bits 0..i are set: marks the bytes inside quotes.
uint64_t prefixXor(uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}
#endif

} // namespace

const char *Lexer::containerEnd(const char *p) const
{
#if defined(__SSE2__)
    // 64 bytes at a time: a bitmask of quotes gives the bytes inside strings, and only the brackets
    // outside strings are visited one by one. Blocks with a backslash or a NUL (the window's end) go
    // to the byte loop. Reading 64 bytes is safe: a block never starts past the end, and the window
    // has 64 bytes of padding.
    int depth = 0;
    uint64_t inString = 0; // all ones when the previous block ended inside a string
    for (;; p += 64) {
        __m128i block[4];
        for (int i = 0; i < 4; ++i)
            block[i] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i));
        if (bytesEqual(block, '\\') | bytesEqual(block, '\0'))
            return containerEndScalar(*this, p, depth, inString != 0);
        const uint64_t strings = prefixXor(bytesEqual(block, '"')) ^ inString;
        const uint64_t opens = (bytesEqual(block, '{') | bytesEqual(block, '[')) & ~strings;
        const uint64_t closes = (bytesEqual(block, '}') | bytesEqual(block, ']')) & ~strings;
        for (uint64_t brackets = opens | closes; brackets; brackets &= brackets - 1) {
            const int bit = __builtin_ctzll(brackets);
            if ((opens >> bit) & 1)
                ++depth;
            else if (--depth == 0)
                return p + bit + 1;
        }
        inString = uint64_t(int64_t(strings) >> 63);
    }
#else
    return containerEndScalar(*this, p, 0, false);
#endif
}

namespace {
// Bytes that end a bare token (number, true, NaN...), NUL included.
struct Delimiters {
    bool table[256] = {};
    constexpr Delimiters()
    {
        for (unsigned char c : std::string_view(",}] \n\r\t:\"{[", 11))
            table[c] = true;
        table[0] = true;
    }
};
constexpr Delimiters kDelimiters;
} // namespace

const char *Lexer::bareEnd(const char *p) const
{
    while (!kDelimiters.table[uint8_t(*p)])
        ++p;
    return *p == '\0' ? atNul(p) : p;
}

const char *Lexer::valueEnd(const char *p) const
{
    switch (*p) {
    case '"': {
        bool escaped = false;
        const char *q = stringEnd(p + 1, escaped);
        return q ? q + 1 : nullptr;
    }
    case '{':
    case '[':
        return containerEnd(p);
    case '\0':
        return atNul(p);
    default:
        return bareEnd(p);
    }
}

// ---- Text and numbers ----------------------------------------------------------------------------

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool readHex4(std::string_view raw, size_t at, uint32_t &out)
{
    if (at + 4 > raw.size())
        return false;
    out = 0;
    for (size_t i = 0; i < 4; ++i) {
        const int v = hexValue(raw[at + i]);
        if (v < 0)
            return false;
        out = out * 16 + uint32_t(v);
    }
    return true;
}

void appendUtf8(std::string &out, uint32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

} // namespace

bool unescape(std::string_view raw, std::string &out)
{
    out.clear();
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\') {
            out += c;
            continue;
        }
        if (++i >= raw.size())
            return false;
        switch (raw[i]) {
        case '"':
            out += '"';
            break;
        case '\\':
            out += '\\';
            break;
        case '/':
            out += '/';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u': {
            uint32_t cp = 0;
            if (!readHex4(raw, i + 1, cp))
                return false;
            i += 4;
            if (cp >= 0xD800 && cp < 0xDC00) {
                uint32_t low = 0;
                if (i + 2 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u' && readHex4(raw, i + 3, low) &&
                    low >= 0xDC00 && low < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                } else {
                    cp = 0xFFFD; // a lone surrogate
                }
            } else if (cp >= 0xDC00 && cp < 0xE000) {
                cp = 0xFFFD;
            }
            appendUtf8(out, cp);
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

bool decimalToInt(std::string_view text, int scale, int64_t &out)
{
    // Fast path for what traces hold: an optional '-', digits, at most `scale` fraction digits, and
    // at most 18 digits in all once scaled (no overflow possible).
    {
        const char *c = text.data(), *e = c + text.size();
        const bool negative = c < e && *c == '-';
        c += negative;
        uint64_t value = 0;
        int digits = 0, fraction = 0;
        while (c < e && uint8_t(*c - '0') < 10) {
            value = value * 10 + uint64_t(*c++ - '0');
            ++digits;
        }
        if (c < e && *c == '.') {
            ++c;
            while (c < e && fraction < scale && uint8_t(*c - '0') < 10) {
                value = value * 10 + uint64_t(*c++ - '0');
                ++fraction;
            }
            digits += fraction;
        }
        if (c == e && digits > 0 && digits + (scale - fraction) <= 18) {
            for (; fraction < scale; ++fraction)
                value *= 10;
            out = negative ? -int64_t(value) : int64_t(value);
            return true;
        }
    }
    size_t i = 0;
    const size_t n = text.size();
    bool negative = false;
    if (i < n && (text[i] == '-' || text[i] == '+'))
        negative = text[i++] == '-';
    const size_t intBegin = i;
    while (i < n && text[i] >= '0' && text[i] <= '9')
        ++i;
    const size_t intEnd = i;
    size_t fracBegin = i, fracEnd = i;
    if (i < n && text[i] == '.') {
        fracBegin = ++i;
        while (i < n && text[i] >= '0' && text[i] <= '9')
            ++i;
        fracEnd = i;
    }
    const size_t intCount = intEnd - intBegin, fracCount = fracEnd - fracBegin;
    if (intCount + fracCount == 0)
        return false;
    int64_t exponent = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < n && (text[i] == '-' || text[i] == '+'))
            expNegative = text[i++] == '-';
        const size_t expBegin = i;
        while (i < n && text[i] >= '0' && text[i] <= '9') {
            if (exponent < 100000)
                exponent = exponent * 10 + (text[i] - '0');
            ++i;
        }
        if (i == expBegin)
            return false;
        if (expNegative)
            exponent = -exponent;
    }
    if (i != n)
        return false;

    // Digit k of the mantissa (integer digits then fraction digits) weighs 10^(wholeDigits - 1 - k)
    // in the scaled unit: the first `wholeDigits` digits make the integer, the next one rounds.
    const int64_t wholeDigits = int64_t(intCount) + exponent + scale;
    const int64_t digitCount = int64_t(intCount + fracCount);
    auto digitAt = [&](int64_t k) {
        return k < int64_t(intCount) ? text[intBegin + size_t(k)] - '0'
                                     : text[fracBegin + size_t(k - int64_t(intCount))] - '0';
    };
    constexpr uint64_t kLimit = uint64_t(INT64_MAX) + 1; // magnitude of INT64_MIN
    uint64_t value = 0;
    for (int64_t k = 0; k < std::min(wholeDigits, digitCount); ++k) {
        const uint64_t d = uint64_t(digitAt(k));
        if (value > (kLimit - d) / 10)
            return false;
        value = value * 10 + d;
    }
    for (int64_t k = digitCount; k < wholeDigits; ++k) { // exponent beyond the digits: trailing zeros
        if (value == 0)
            break;
        if (value > kLimit / 10)
            return false;
        value *= 10;
    }
    if (wholeDigits >= 0 && wholeDigits < digitCount && digitAt(wholeDigits) >= 5) {
        if (value >= kLimit)
            return false;
        ++value;
    }
    if (!negative && value > uint64_t(INT64_MAX))
        return false;
    out = negative ? int64_t(0 - value) : int64_t(value);
    return true;
}

bool toDouble(std::string_view text, double &out)
{
    const char *first = text.data();
    if (!text.empty() && text.front() == '+')
        ++first;
    const auto result = std::from_chars(first, text.data() + text.size(), out);
    return result.ec == std::errc() && result.ptr == text.data() + text.size() && std::isfinite(out);
}

} // namespace opscope::json
