#pragma once
// Where the suites and benchmarks of this build find what they need: the real captures, the checkout, the
// opscope program. The paths are compiled into one generated file (tests/support/CMakeLists.txt), not into
// every program's flags, so that the programs' own objects are the same in every checkout and a second
// clone of the same sources (CI's fresh clone) takes them from ccache.

namespace opscope::test {

const char *fixturesDir();     // OPSCOPE_FIXTURES: ../shared/fixtures beside the checkout by default
const char *sourceDir();       // the checkout's root
const char *opscopeBinary();   // the opscope program of this build
const char *sweepFixtureDir(); // the sweep that the test fixture sweep_mlp makes (tests/CMakeLists.txt)

} // namespace opscope::test
