// The launcher's timing of generation requests (generation.h): read from its status, kept in the profile's
// metadata, and turned into time to first token, time per output token and tokens per second.
#include "opscope/generation.h"
#include "opscope/json_input.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

int intOr(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : 0;
}

// A string value, or `fallback` where the key is missing or of another type (a status or profile someone
// else wrote: a wrong type is no timing, never an exception).
std::string textOr(const nlohmann::json &j, const char *key, const std::string &fallback = {})
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::vector<TimedRequest> requestsOf(const nlohmann::json &generation, std::string_view kind)
{
    std::vector<TimedRequest> out;
    const auto list = generation.find("requests");
    if (list == generation.end() || !list->is_array())
        return out;
    for (const nlohmann::json &r : *list) {
        if (!r.is_object() || textOr(r, "kind") != kind)
            continue;
        const auto times = r.find("iterations_ns");
        if (times == r.end() || !times->is_array() || times->empty())
            continue;
        TimedRequest request;
        request.batch = intOr(r, "batch");
        request.promptTokens = intOr(r, "prompt_tokens");
        bool valid = true;
        for (const nlohmann::json &t : *times) {
            valid = valid && t.is_number_integer() && t.get<int64_t>() >= 0;
            request.iterationsNs.push_back(valid ? t.get<int64_t>() : 0);
        }
        if (valid)
            out.push_back(std::move(request));
    }
    return out;
}

nlohmann::ordered_json requestsJson(const std::vector<TimedRequest> &requests)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const TimedRequest &r : requests)
        out.push_back({{"batch", r.batch}, {"prompt_tokens", r.promptTokens}, {"iterations_ns", r.iterationsNs}});
    return out;
}

std::vector<TimedRequest> storedRequests(const nlohmann::json &list)
{
    std::vector<TimedRequest> out;
    if (!list.is_array())
        return out;
    for (const nlohmann::json &r : list) {
        if (!r.is_object() || !r.contains("iterations_ns") || !r["iterations_ns"].is_array())
            continue;
        TimedRequest request;
        request.batch = intOr(r, "batch");
        request.promptTokens = intOr(r, "prompt_tokens");
        for (const nlohmann::json &t : r["iterations_ns"])
            if (t.is_number_integer())
                request.iterationsNs.push_back(t.get<int64_t>());
        if (!request.iterationsNs.empty())
            out.push_back(std::move(request));
    }
    return out;
}

// Nearest rank: the smallest value with at least 90 % of the values at or below it.
int64_t p90(std::vector<int64_t> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t rank = size_t(std::ceil(0.9 * double(values.size())));
    return values[std::max<size_t>(rank, 1) - 1];
}

} // namespace

int64_t TimedRequest::requestNs() const
{
    int64_t total = 0;
    for (int64_t t : iterationsNs)
        total += t;
    return total;
}

std::optional<GenerationTiming> generationTimingFromStatus(const nlohmann::json &generation,
                                                           const nlohmann::json &plain)
{
    if (!generation.is_object())
        return std::nullopt;
    GenerationTiming t;
    t.clock = textOr(generation, "clock");
    if (const auto b = generation.find("boundaries"); b != generation.end() && b->is_array() && !b->empty())
        for (const nlohmann::json &name : *b)
            if (name.is_string())
                t.boundary += (t.boundary.empty() ? "" : ",") + name.get<std::string>();
    t.captured = requestsOf(generation, "capture");
    const std::vector<TimedRequest> own = requestsOf(generation, "reference");
    if (plain.is_object() && !requestsOf(plain, "reference").empty()) {
        t.reference = requestsOf(plain, "reference");
        t.clock = textOr(plain, "clock", t.clock);
        t.tracedReference = own;
    } else {
        t.reference = own;
    }
    if (t.reference.empty() && t.captured.empty())
        return std::nullopt;
    return t;
}

nlohmann::ordered_json generationTimingJson(const GenerationTiming &t)
{
    return {{"clock", t.clock},
            {"boundary", t.boundary},
            {"reference", requestsJson(t.reference)},
            {"captured", requestsJson(t.captured)},
            {"traced_reference", requestsJson(t.tracedReference)}};
}

std::optional<GenerationTiming> generationTiming(const Profile &p)
{
    const std::string *text = p.metadataValue(kGenerationTimingKey);
    if (!text)
        return std::nullopt;
    nlohmann::json j;
    try {
        j = parseJsonInput(*text); // an .opscope someone sent: nested too deep is no timing
    } catch (const nlohmann::json::exception &) {
        return std::nullopt;
    }
    if (!j.is_object())
        return std::nullopt;
    GenerationTiming t;
    t.clock = textOr(j, "clock");
    t.boundary = textOr(j, "boundary");
    t.reference = storedRequests(j.value("reference", nlohmann::json()));
    t.captured = storedRequests(j.value("captured", nlohmann::json()));
    t.tracedReference = storedRequests(j.value("traced_reference", nlohmann::json()));
    if (t.reference.empty() && t.captured.empty())
        return std::nullopt;
    return t;
}

void setGenerationTiming(Profile &p, const GenerationTiming &timing)
{
    p.setMetadata(kGenerationTimingKey, generationTimingJson(timing).dump());
}

int64_t medianOf(std::vector<int64_t> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::optional<TokenFigures> tokenFigures(const std::vector<TimedRequest> &requests)
{
    if (requests.empty())
        return std::nullopt;
    TokenFigures f;
    f.requests = int(requests.size());
    f.batch = requests.front().batch;
    f.tokens = int(requests.front().iterationsNs.size());
    std::vector<int64_t> prefill, decode, whole;
    for (const TimedRequest &r : requests) {
        prefill.push_back(r.iterationsNs.front());
        decode.insert(decode.end(), r.iterationsNs.begin() + 1, r.iterationsNs.end());
        whole.push_back(r.requestNs());
    }
    f.ttftNs = medianOf(prefill);
    f.tpotMedianNs = medianOf(decode);
    f.tpotP90Ns = p90(decode);
    f.requestNs = medianOf(whole);
    const double sequences = std::max(1, f.batch);
    if (f.requestNs > 0)
        f.tokensPerSecond = sequences * f.tokens / (double(f.requestNs) * 1e-9);
    if (f.tpotMedianNs > 0)
        f.decodeTokensPerSecond = sequences / (double(f.tpotMedianNs) * 1e-9);
    return f;
}

} // namespace opscope
