#pragma once
// The suites are grouped into a few test programs (tests/CMakeLists.txt, opscope_add_test): each suite's file
// registers its Qt Test class under the suite's name with OPSCOPE_TEST_SUITE, in place of QTEST_MAIN, and the
// group's main (test_suite_main.cpp) runs the suite its first argument names, the rest being Qt Test's own
// arguments. CTest still starts one process per suite (or part of one): a suite keeps its process to itself.
// Each suite's code lives in a namespace of its own (<suite>_suite), so that a group compiles as one
// translation unit (a unity build) without its files' helpers of one name clashing.

#include <QMetaType>
#include <QTest>

#include <string>
#include <vector>

// Data-driven suites pass these as columns; declared once for every suite of a group.
Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(std::vector<std::string>)

namespace opscope::test {

// The application a suite runs in: none (QTEST_APPLESS_MAIN), QCoreApplication (QTEST_GUILESS_MAIN) or
// QApplication (QTEST_MAIN).
enum class SuiteApp { Appless, Core, Gui };
using SuiteRun = int (*)(int argc, char **argv);
// Registers a suite of the program; called by OPSCOPE_TEST_SUITE's static initializer.
bool registerSuite(const char *name, SuiteApp app, SuiteRun run);

} // namespace opscope::test

// OPSCOPE_TEST_SUITE(tst_ranks, tst_ranks_suite::TestRanks, Core): the suite named tst_ranks runs TestRanks in a
// QCoreApplication.
#define OPSCOPE_TEST_SUITE(name, Class, App)                                                                           \
    namespace {                                                                                                        \
    int name##_run(int argc, char **argv)                                                                              \
    {                                                                                                                  \
        Class suite;                                                                                                   \
        return QTest::qExec(&suite, argc, argv);                                                                       \
    }                                                                                                                  \
    [[maybe_unused]] const bool name##_registered =                                                                    \
        ::opscope::test::registerSuite(#name, ::opscope::test::SuiteApp::App, &name##_run);                            \
    }
