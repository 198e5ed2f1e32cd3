#include "manual.h"

#include "manpage.h"

namespace {

/// "-h, --help" from an option's names.
std::string namesOf(const QCommandLineOption& o) {
    std::string names;
    for (const QString& n : o.names())
        names.append(names.empty() ? "" : ", ").append(n.size() == 1 ? "-" : "--").append(n.toStdString());
    return names;
}

} // namespace

std::string guiManual(const QList<QCommandLineOption>& options) {
    man::Page page;
    page.name = "schedscope";
    page.version = SCHEDSCOPE_VERSION;
    page.summary = "simulate the Linux CPU scheduler and explore real scheduler recordings";
    page.synopsis.push_back(man::bold("schedscope") + " [" + man::italic("options") + "] [" +
                            man::italic("FILE") + "|" + man::bold("builtin:") + man::italic("NAME") + "]");
    page.sections.push_back(
        {"DESCRIPTION",
         false,
         {"SchedScope simulates the Linux CPU scheduler and shows what it does: which task runs on which "
          "CPU of an SMT machine, how the cgroup tree divides CPU time, how much each cgroup stalls, and "
          "every migration, as a timeline of CPU lanes with views of pressure, migrations, latency and "
          "thread states. It opens a scenario (a JSON file, or a built-in scenario named builtin:NAME; "
          "the default is builtin:default) or a real scheduler recording (perf script text, ftrace text, "
          "trace-cmd's trace.dat, a Perfetto trace), recognised by its content, and compares two runs or "
          "recordings side by side.",
          "Without a display, --export-dir and --screenshot run the same application without a window; "
          "schedscope-cli(1) runs scenarios and reads recordings on the command line."},
         {}});
    man::Section o{"OPTIONS", false, {}, {}};
    for (const QCommandLineOption& option : options)
        if (!(option.flags() & QCommandLineOption::HiddenFromHelp))
            o.entries.push_back({man::optionTerm(namesOf(option), option.valueName().toStdString()),
                                 option.description().toStdString()});
    o.entries.push_back({man::optionTerm("-h, --help", ""), "Print the options and quit."});
    o.entries.push_back({man::optionTerm("-v, --version", ""), "Print the version and quit."});
    page.sections.push_back(o);
    page.sections.push_back({"FILES",
                             false,
                             {"~/.config/SchedScope/SchedScope.conf: the window's size and docks, recent "
                              "files, the language and the other settings, saved when the window closes."},
                             {}});
    page.sections.push_back(
        {"EXIT STATUS",
         false,
         {"0 when the window was closed or a batch run succeeded, 1 when a batch run could "
          "not write its files or did not reach its time, 2 when the file does not load "
          "or there is no display for a window, 64 for a bad command line."},
         {}});
    page.sections.push_back({"SEE ALSO", false, {"schedscope-cli(1), perf-sched(1)"}, {}});
    return man::toRoff(page);
}
