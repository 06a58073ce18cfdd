// The hosts a user has named in their ssh config: offered by the capture wizard's target page.
#include "opscope/remote.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <glob.h>
#include <pwd.h>
#include <unistd.h>

namespace opscope::remote {

namespace {

constexpr int kMaxIncludeDepth = 16; // as ssh itself

std::string homeDirectory()
{
    if (const char *home = std::getenv("HOME"); home && *home)
        return home;
    if (const passwd *pw = ::getpwuid(::getuid()); pw && pw->pw_dir)
        return pw->pw_dir;
    return {};
}

// ssh_config's words: the keyword, then its arguments after spaces or one '=' ("Host=a" and
// "Host a" alike); "double quotes" group; a word starting with '#' starts a comment.
std::vector<std::string> words(const std::string &line)
{
    std::vector<std::string> out;
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    size_t i = 0;
    while (i < line.size() && blank(line[i]))
        ++i;
    if (i >= line.size() || line[i] == '#')
        return out;
    const size_t keywordStart = i;
    while (i < line.size() && !blank(line[i]) && line[i] != '=')
        ++i;
    out.push_back(line.substr(keywordStart, i - keywordStart));
    while (i < line.size() && blank(line[i]))
        ++i;
    if (i < line.size() && line[i] == '=')
        ++i;
    while (i < line.size()) {
        while (i < line.size() && blank(line[i]))
            ++i;
        if (i >= line.size() || line[i] == '#')
            break;
        std::string word;
        if (line[i] == '"') {
            const size_t end = line.find('"', i + 1);
            word = line.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
            i = end == std::string::npos ? line.size() : end + 1;
        } else {
            while (i < line.size() && !blank(line[i]))
                word += line[i++];
        }
        out.push_back(std::move(word));
    }
    return out;
}

bool namesOneHost(const std::string &pattern)
{
    return !pattern.empty() && pattern[0] != '!' && pattern.find_first_of("*?") == std::string::npos;
}

void readConfig(const std::string &path, const std::string &home, int depth, std::vector<std::string> &hosts)
{
    std::ifstream in(path);
    if (!in || depth > kMaxIncludeDepth)
        return;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::vector<std::string> w = words(line);
        if (w.size() < 2)
            continue;
        std::string keyword = w[0];
        std::transform(keyword.begin(), keyword.end(), keyword.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (keyword == "host") {
            for (size_t i = 1; i < w.size(); ++i)
                if (namesOneHost(w[i]) && std::find(hosts.begin(), hosts.end(), w[i]) == hosts.end())
                    hosts.push_back(w[i]);
        } else if (keyword == "include") {
            for (size_t i = 1; i < w.size(); ++i) {
                std::string pattern = w[i];
                if (pattern.rfind("~/", 0) == 0)
                    pattern = home + pattern.substr(1);
                else if (pattern[0] != '/') // relative to ~/.ssh, as ssh reads a user's config
                    pattern = home + "/.ssh/" + pattern;
                glob_t matches{};
                if (::glob(pattern.c_str(), 0, nullptr, &matches) == 0)
                    for (size_t m = 0; m < matches.gl_pathc; ++m) // sorted, as ssh reads them
                        readConfig(matches.gl_pathv[m], home, depth + 1, hosts);
                ::globfree(&matches);
            }
        }
    }
}

} // namespace

std::vector<std::string> configuredHosts(const std::string &configFile)
{
    const std::string home = homeDirectory();
    std::vector<std::string> hosts;
    readConfig(configFile.empty() ? home + "/.ssh/config" : configFile, home, 0, hosts);
    return hosts;
}

} // namespace opscope::remote
