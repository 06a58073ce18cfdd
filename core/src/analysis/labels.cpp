#include "opscope/labels.h"

#include <algorithm>

#include <cctype>

namespace opscope {

namespace {

bool isIdentChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// "blocks.3.attn" or "model": dotted identifiers (digits allowed as components).
bool isModulePath(std::string_view s)
{
    if (s.empty() || s.front() == '.' || s.back() == '.')
        return false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '.') {
            if (s[i - 1] == '.')
                return false;
        } else if (!isIdentChar(c)) {
            return false;
        }
    }
    return true;
}

bool isClassName(std::string_view s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s.front())) || s.front() == '_'))
        return false;
    for (char c : s)
        if (!isIdentChar(c) && c != '.')
            return false;
    return true;
}

// "aten::addmm", "c10d::allreduce_", "triton::x": namespace::name with identifier characters.
bool isOperatorName(std::string_view s)
{
    const auto sep = s.find("::");
    if (sep == std::string_view::npos || sep == 0 || sep + 2 >= s.size())
        return false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (i == sep || i == sep + 1)
            continue;
        if (!isIdentChar(s[i]) && s[i] != '.' && s[i] != ':')
            return false;
    }
    return true;
}

int64_t parseIntAfter(std::string_view text, std::string_view key)
{
    const auto at = text.find(key);
    if (at == std::string_view::npos)
        return -1;
    int64_t value = 0;
    bool any = false;
    for (size_t i = at + key.size(); i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        value = value * 10 + (text[i] - '0');
        any = true;
    }
    return any ? value : -1;
}

// The bracketed list after "sizes = ", with nested brackets balanced.
std::string_view bracketedAfter(std::string_view text, std::string_view key)
{
    const auto at = text.find(key);
    if (at == std::string_view::npos)
        return {};
    const size_t start = at + key.size();
    if (start >= text.size() || text[start] != '[')
        return {};
    int depth = 0;
    for (size_t i = start; i < text.size(); ++i) {
        if (text[i] == '[')
            ++depth;
        else if (text[i] == ']' && --depth == 0)
            return text.substr(start, i - start + 1);
    }
    return {};
}

} // namespace

RangeLabel parseRangeLabel(std::string_view text, bool details)
{
    RangeLabel label;
    // emit_nvtx appends ", seq = N, op_id = N, sizes = [...], input_op_ids = [...]" to the op name.
    const auto comma = text.find(", ");
    const std::string_view head = comma == std::string_view::npos ? text : text.substr(0, comma);
    const std::string_view tail = comma == std::string_view::npos ? std::string_view{} : text.substr(comma);

    // The root module has the empty path ("[LlamaForCausalLM]"): paths are named_modules()'s names.
    if (head.size() > 2 && head.back() == ']') {
        const auto open = head.rfind('[');
        if (open != std::string_view::npos && (open == 0 || isModulePath(head.substr(0, open))) &&
            isClassName(head.substr(open + 1, head.size() - open - 2))) {
            label.kind = RangeLabel::Kind::Module;
            label.name = head.substr(0, open);
            label.cls = head.substr(open + 1, head.size() - open - 2);
            label.recordFunctionEcho = tail.find("op_id = ") != std::string_view::npos;
            if (details)
                label.opId = parseIntAfter(tail, "op_id = ");
            return label;
        }
    }
    // autograd's engine running a node ("autograd::engine::evaluate_function: AddmmBackward0, op_id = 319"),
    // an operator as in Kineto's traces.
    if (head.starts_with("autograd::engine::evaluate_function: ") && tail.find("op_id = ") != std::string_view::npos) {
        label.kind = RangeLabel::Kind::Operator;
        label.name = head;
        if (details)
            label.opId = parseIntAfter(tail, "op_id = ");
        return label;
    }
    // Autograd functions ("AddmmBackward0, seq = 141, op_id = 279, ...") have no namespace: emit_nvtx's
    // op_id marks them as operator ranges.
    const bool autogradFunction = head.find("Backward") != std::string_view::npos &&
                                  std::all_of(head.begin(), head.end(), isIdentChar) &&
                                  tail.find("op_id = ") != std::string_view::npos;
    if (isOperatorName(head) || autogradFunction) {
        label.kind = RangeLabel::Kind::Operator;
        label.name = head;
        if (details) {
            label.opId = parseIntAfter(tail, "op_id = ");
            label.sequenceNr = parseIntAfter(tail, "seq = "); // also matches "stashed seq = "
            label.shapes = bracketedAfter(tail, "sizes = ");
        }
    }
    return label;
}

std::string normalizeKernelName(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    constexpr std::string_view anonymous = "(anonymous namespace)";
    for (size_t i = 0; i < name.size(); ++i) {
        if (name.compare(i, anonymous.size(), anonymous) == 0) {
            out += "<unnamed>";
            i += anonymous.size() - 1;
            continue;
        }
        // Casts on template values: "(int)16" -> "16", "(bool)1" -> "1".
        if (name[i] == '(' && i > 0 && (name[i - 1] == '<' || name[i - 1] == ',' || name[i - 1] == ' ')) {
            const auto close = name.find(')', i);
            if (close != std::string_view::npos && close + 1 < name.size() &&
                (std::isdigit(static_cast<unsigned char>(name[close + 1])) || name[close + 1] == '-')) {
                i = close;
                continue;
            }
        }
        if (name[i] != ' ')
            out += name[i];
    }
    return out;
}

std::string kernelBaseName(std::string_view name)
{
    // The function name ends at the first '<' or '(' that is not an anonymous namespace.
    size_t end = 0;
    for (; end < name.size(); ++end) {
        bool skipped = false;
        for (std::string_view anonymous : {std::string_view("(anonymous namespace)"), std::string_view("<unnamed>")})
            if (name.substr(end).starts_with(anonymous)) {
                end += anonymous.size() - 1;
                skipped = true;
                break;
            }
        if (skipped)
            continue;
        if (name[end] == '<' || name[end] == '(')
            break;
    }
    std::string_view head = name.substr(0, end);
    const auto space = head.rfind(' ');
    if (space != std::string_view::npos)
        head = head.substr(space + 1); // return type
    const auto scope = head.rfind("::");
    if (scope != std::string_view::npos)
        head = head.substr(scope + 2);
    return head.empty() ? std::string(name) : std::string(head);
}

} // namespace opscope
