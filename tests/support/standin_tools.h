#pragma once
// Stand-ins for nsys and ncu on a machine without a GPU, replaying a real capture of the fixtures
// (h100/gpt4_bf16_infer: 46 kernels in the captured step, 46 ncu rows): nsys writes its report and
// exports the fixture's nsys.sqlite, ncu prints the fixture run's "==PROF== Profiling" lines and exports
// its ncu_raw.csv, both for the rows a distinct-launch replay's op_id filters pick (13; all 46 else). Each
// runs the application it is given (PYTHON -m opscope_launcher ...) as the real tool would, and fails as
// it fails: with Debian's torch the workload and the launcher run for real; with --python /bin/true
// nothing runs.
#include "test_util.h"

#include <QTemporaryDir>

#include <fstream>
#include <string>
#include <sys/stat.h>

namespace opscope::test {

inline const char *kStandInCapture = "h100/gpt4_bf16_infer";

struct StandInTools {
    std::string nsys, ncu;
};

inline StandInTools writeStandInTools(const QTemporaryDir &dir)
{
    const std::string from = fixture(kStandInCapture);
    StandInTools tools{tempPath(dir, "nsys"), tempPath(dir, "ncu")};
    std::ofstream(tools.nsys) << "#!/bin/sh\n"
                                 "if [ \"$1\" = --version ]; then echo 'NVIDIA Nsight Systems version 2025.3.1.90 "
                                 "(stand-in)'; exit 0; fi\n"
                                 "command=$1; shift; out=\n"
                                 "case $command in\n"
                                 "profile)\n"
                                 "  # nsys' options, then the application, which runs as it would under nsys.\n"
                                 "  while [ $# -gt 0 ] && ! { [ \"$2\" = -m ] && [ \"$3\" = opscope_launcher ]; }; do\n"
                                 "    [ \"$1\" = --output ] && out=$2\n"
                                 "    shift\n"
                                 "  done\n"
                                 "  if [ $# -gt 0 ]; then \"$@\" || exit $?; fi\n"
                                 "  : > \"$out.nsys-rep\" ;;\n"
                                 "export)\n"
                                 "  while [ $# -gt 0 ]; do [ \"$1\" = --output ] && out=$2; shift; done\n"
                                 "  cp '"
                              << from
                              << "/nsys.sqlite' \"$out\" ;;\n"
                                 "esac\n";
    // ncu: --version, --import REPORT (prints it), else a profile pass (standin_ncu.py: the rows a
    // distinct-launch replay's op_id filters pick, all 46 else).
    std::ofstream(tools.ncu) << "#!/bin/sh\n"
                                "case \"$1\" in\n"
                                "--version) echo 'Version 2025.3.1.0 (stand-in)'; exit 0 ;;\n"
                                "--import) cat \"$2\"; exit 0 ;;\n"
                                "esac\n"
                                "exec python3 '"
                             << sourceFile("tests/support/standin_ncu.py") << "' '" << from << "' \"$@\"\n";
    ::chmod(tools.nsys.c_str(), 0755);
    ::chmod(tools.ncu.c_str(), 0755);
    return tools;
}

} // namespace opscope::test
