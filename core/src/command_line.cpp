// The grammar of OpScope's command line (see opscope/command_line.h).
#include "opscope/command_line.h"

#include <algorithm>

namespace opscope::cli {

ParsedArgs parseOptions(const std::vector<OptionSpec> &options, const std::vector<std::string> &args, size_t first,
                        std::string_view command)
{
    ParsedArgs parsed;
    for (size_t i = first; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--") {
            parsed.positionals.insert(parsed.positionals.end(), args.begin() + long(i) + 1, args.end());
            break;
        }
        if (arg.size() > 1 && arg[0] == '-') {
            std::string name = arg, inlineValue;
            bool hasInline = false;
            if (auto eq = arg.find('='); eq != std::string::npos) {
                name = arg.substr(0, eq);
                inlineValue = arg.substr(eq + 1);
                hasInline = true;
            }
            auto option =
                std::find_if(options.begin(), options.end(), [&](const OptionSpec &o) { return o.name == name; });
            if (option == options.end())
                throw UsageError("unknown option " + name + " for '" + std::string(command) + "'");
            if (option->valueName.empty()) {
                if (hasInline)
                    throw UsageError("option " + name + " takes no value");
                parsed.flags.insert(name);
            } else {
                if (!hasInline && i + 1 >= args.size())
                    throw UsageError("option " + name + " needs a value (" + option->valueName + ")");
                const std::string &value = hasInline ? inlineValue : args[++i];
                parsed.values[name] = value;
                parsed.repeated[name].push_back(value);
            }
            continue;
        }
        parsed.positionals.push_back(arg);
    }
    return parsed;
}

long long integerOption(const ParsedArgs &args, const std::string &name, long long fallback)
{
    const std::string text = args.value(name);
    if (text.empty())
        return fallback;
    size_t used = 0;
    long long value = -1;
    try {
        value = std::stoll(text, &used);
    } catch (const std::exception &) {
    }
    if (used != text.size() || value < 0)
        throw UsageError("option " + name + " needs a non-negative integer, not '" + text + "'");
    return value;
}

std::optional<std::vector<std::string>> splitCommandLine(std::string_view text)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord)
                words.push_back(std::move(word)), word.clear(), inWord = false;
        } else if (c == '\\') {
            if (++i == text.size())
                return std::nullopt;
            if (text[i] != '\n') // a backslash-newline joins lines
                word += text[i], inWord = true;
        } else if (c == '\'') {
            const size_t close = text.find('\'', i + 1);
            if (close == std::string_view::npos)
                return std::nullopt;
            word.append(text.substr(i + 1, close - i - 1));
            i = close, inWord = true;
        } else if (c == '"') {
            inWord = true;
            for (++i;; ++i) {
                if (i == text.size())
                    return std::nullopt;
                if (text[i] == '"')
                    break;
                if (text[i] == '\\' && i + 1 < text.size() &&
                    std::string_view("\\\"$`").find(text[i + 1]) != std::string_view::npos)
                    ++i;
                word += text[i];
            }
        } else {
            word += c, inWord = true;
        }
    }
    if (inWord)
        words.push_back(std::move(word));
    return words;
}

} // namespace opscope::cli
