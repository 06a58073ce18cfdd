#pragma once
// JSON from files and hosts OpScope did not write, parsed with a depth limit. nlohmann's parser is
// iterative, but what is done with a document afterwards is not: dump(), copies and comparisons recurse
// once per level, so a value nested 100 000 deep (a few hundred KB of '[') overflows the stack. Every
// parse of outside JSON goes through here, so no deeper document exists to recurse over.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope {

// Deeper than any profile, manifest or trace nests (kineto's deepest values are 4 levels), shallow
// enough for every recursion over the document to stay well inside a thread's stack.
inline constexpr size_t kMaxJsonDepth = 200;

// A document nested deeper than kMaxJsonDepth. A nlohmann json::exception, so that every caller's
// handler of malformed JSON handles it too; its what() says what happened in words.
class JsonTooDeep : public nlohmann::json::exception {
public:
    JsonTooDeep()
        : nlohmann::json::exception(901, ("JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                                          " levels, more than OpScope reads (a crafted or damaged file?)")
                                             .c_str())
    {
    }
};

namespace json_input_detail {

// nlohmann's SAX interface, building the document as json::parse does, with containers deeper than the
// limit refused (strict) or left out with their key (skipping).
template <class Json> class BoundedDomBuilder {
public:
    using number_integer_t = typename Json::number_integer_t;
    using number_unsigned_t = typename Json::number_unsigned_t;
    using number_float_t = typename Json::number_float_t;
    using string_t = typename Json::string_t;
    using binary_t = typename Json::binary_t;

    BoundedDomBuilder(Json &root, bool skipDeep) : root_(root), skipDeep_(skipDeep) {}

    bool null() { return put(Json(nullptr)); }
    bool boolean(bool value) { return put(Json(value)); }
    bool number_integer(number_integer_t value) { return put(Json(value)); }
    bool number_unsigned(number_unsigned_t value) { return put(Json(value)); }
    bool number_float(number_float_t value, const string_t &) { return put(Json(value)); }
    bool string(string_t &value) { return put(Json(std::move(value))); }
    bool binary(binary_t &value) { return put(Json::binary(std::move(value))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(string_t &key)
    {
        if (skipping_ == 0)
            key_ = std::move(key);
        return true;
    }
    template <class Exception> bool parse_error(std::size_t, const std::string &, const Exception &error)
    {
        throw error;
    }

    bool tooDeep() const { return tooDeep_; }
    size_t skipped() const { return skipped_; }

private:
    // The value's place: the root, the end of the open array, or the pending key of the open object.
    Json *place(Json &&value)
    {
        if (open_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Json &parent = *open_.back();
        if (parent.is_array()) {
            parent.push_back(std::move(value));
            return &parent.back();
        }
        return &(parent[key_] = std::move(value));
    }
    bool put(Json &&value)
    {
        if (skipping_ == 0)
            place(std::move(value));
        return true;
    }
    bool open(Json &&container)
    {
        if (skipping_ > 0) {
            ++skipping_;
            return true;
        }
        if (open_.size() >= kMaxJsonDepth) {
            if (!skipDeep_) {
                tooDeep_ = true;
                return false; // ends the parse
            }
            ++skipped_;
            skipping_ = 1;
            return true;
        }
        // Open containers never move: only the innermost one grows while it is open.
        open_.push_back(place(std::move(container)));
        return true;
    }
    bool close()
    {
        if (skipping_ > 0)
            --skipping_;
        else
            open_.pop_back();
        return true;
    }

    Json &root_;
    bool skipDeep_;
    std::vector<Json *> open_;
    string_t key_;
    size_t skipping_ = 0; // levels inside a container being left out
    size_t skipped_ = 0;
    bool tooDeep_ = false;
};

} // namespace json_input_detail

// Parses `text`; throws json::parse_error (malformed JSON) or JsonTooDeep. Use it for every
// document that comes from outside.
template <class Json = nlohmann::json> Json parseJsonInput(std::string_view text)
{
    Json root;
    json_input_detail::BoundedDomBuilder<Json> builder(root, false);
    Json::sax_parse(text, &builder);
    if (builder.tooDeep())
        throw JsonTooDeep();
    return root;
}

// As parseJsonInput, but every container deeper than kMaxJsonDepth is left out, with its key in an
// object, and counted in `skipped`: for documents whose other values are worth reading on their own.
template <class Json = nlohmann::json> Json parseJsonInputSkippingDeep(std::string_view text, size_t &skipped)
{
    Json root;
    json_input_detail::BoundedDomBuilder<Json> builder(root, true);
    Json::sax_parse(text, &builder);
    skipped = builder.skipped();
    return root;
}

} // namespace opscope
