// The main of a group of suites (test_suite.h): `PROGRAM SUITE [Qt Test arguments...]` runs one suite in the
// application it asks for, as QTEST_MAIN, QTEST_GUILESS_MAIN or QTEST_APPLESS_MAIN would; without a known
// SUITE it lists the program's suites. OPSCOPE_TEST_SUITE_GUI is set for the groups that link the explorer.
#include "test_suite.h"

#include <QCoreApplication>
#ifdef OPSCOPE_TEST_SUITE_GUI
#include <QApplication>
#endif

#include <cstdio>
#include <cstring>
#include <map>

namespace opscope::test {

namespace {

struct Suite {
    SuiteApp app = SuiteApp::Core;
    SuiteRun run = nullptr;
};

std::map<std::string, Suite> &registry()
{
    static std::map<std::string, Suite> suites;
    return suites;
}

} // namespace

bool registerSuite(const char *name, SuiteApp app, SuiteRun run)
{
    registry()[name] = {app, run};
    return true;
}

} // namespace opscope::test

int main(int argc, char **argv)
{
    using namespace opscope::test;
    const auto found = argc >= 2 ? registry().find(argv[1]) : registry().end();
    if (found == registry().end()) {
        std::fprintf(stderr, "usage: %s SUITE [Qt Test arguments...]\nsuites:", argv[0]);
        for (const auto &[name, suite] : registry())
            std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    // The suite sees its own name as the program's (the application's name: a GUI suite's settings file is
    // named by it, isolated_settings.cpp) and its own arguments, as if it were a program of its own.
    std::vector<char *> args = {argv[1]};
    args.insert(args.end(), argv + 2, argv + argc);
    int count = int(args.size());
    args.push_back(nullptr);
    const Suite &suite = found->second;
    switch (suite.app) {
    case SuiteApp::Appless:
        return suite.run(count, args.data());
    case SuiteApp::Core: {
        QCoreApplication app(count, args.data());
        return suite.run(count, args.data());
    }
    case SuiteApp::Gui: {
#ifdef OPSCOPE_TEST_SUITE_GUI
        QApplication app(count, args.data());
        app.setAttribute(Qt::AA_Use96Dpi, true);
        return suite.run(count, args.data());
#else
        std::fprintf(stderr, "%s: suite %s needs the explorer's QApplication: put it in a gui group\n", argv[0],
                     argv[1]);
        return 2;
#endif
    }
    }
    return 2;
}
