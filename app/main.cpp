// opscope: with a subcommand it runs headless; otherwise it opens the explorer.
#include "opscope/cli.h"

#include <iostream>
#include <string>
#include <vector>

#ifdef OPSCOPE_WITH_GUI
#include "application.h"
#include <QtGlobal>
#endif

int main(int argc, char **argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
#ifdef OPSCOPE_WITH_GUI
    if (!opscope::isCommandLineInvocation(args))
        return opscope::ui::runApplication(argc, argv);
    opscope::CliEnvironment env{std::cout, std::cerr, std::string("Qt ") + qVersion() + "\n"};
#else
    if (!opscope::isCommandLineInvocation(args)) {
        std::cerr << "opscope: this build has no graphical interface; see opscope --help for the commands\n";
        return 2;
    }
    opscope::CliEnvironment env{std::cout, std::cerr, "Qt: not built in\n"};
#endif
    return opscope::runCommandLine(args, env);
}
