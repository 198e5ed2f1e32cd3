// `schedscope-cli help`: the usage text and the manual page, both written from the command
// catalogue (commandcatalog.h), so neither can miss a command or an option.
#include "help.h"

#include "bashcompletion.h"
#include "commandcatalog.h"
#include "commands.h"
#include "manpage.h"

#include <cstdio>
#include <string>
#include <vector>

namespace cli {

namespace {

constexpr size_t kWidth = 100;     ///< usage lines wrap here
constexpr size_t kTextColumn = 32; ///< where a command's or an option's text starts

/// `text` filled to kWidth: its first line goes on from `column`, the others start at `indent`.
std::string fill(std::string_view text, size_t column, size_t indent) {
    std::string out;
    bool first = true;
    while (!text.empty()) {
        const size_t end = text.find(' ');
        const std::string_view word = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (!first && column + 1 + word.size() > kWidth) {
            out += '\n';
            out.append(indent, ' ');
            column = indent;
        } else if (!first) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        first = false;
    }
    return out + "\n";
}

/// `left`, padded to kTextColumn (or two spaces past it when longer), then `text` filled, its
/// next lines indented to kTextColumn.
std::string wrapped(const std::string& left, std::string_view text) {
    const size_t start = left.size() + 2 > kTextColumn ? left.size() + 2 : kTextColumn;
    return left + std::string(start - left.size(), ' ') + fill(text, start, kTextColumn);
}

std::string commandHead(const CommandInfo& c) {
    return c.operands.empty() ? std::string(c.name) : std::string(c.name) + " " + std::string(c.operands);
}

std::string optionHead(const OptionInfo& o) {
    return o.value.empty() ? std::string(o.name) : std::string(o.name) + " " + std::string(o.value);
}

std::string commandUsage(const CommandInfo& c) {
    std::string out = wrapped("  " + commandHead(c), c.summary);
    for (const OptionInfo& o : c.options)
        out += wrapped("      " + optionHead(o), o.help);
    return out;
}

std::string usageText() {
    std::string out = "usage: schedscope-cli <command> [options]\n"
                      "       schedscope-cli <command> --help\n"
                      "       schedscope-cli --version\n\n"
                      "commands:\n";
    for (const CommandInfo& c : commandCatalog())
        out += commandUsage(c);
    const std::string exitCodes = "\nexit codes: ";
    return out + exitCodes + fill(exitCodesText(), exitCodes.size() - 1, 0);
}

man::Section commandSection(const CommandInfo& c) {
    man::Section s{commandHead(c), true, {std::string(c.summary)}, {}};
    for (const OptionInfo& o : c.options)
        s.entries.push_back({man::optionTerm(o.name, o.value), std::string(o.help)});
    return s;
}

std::string synopsisLine(const CommandInfo& c) {
    std::string line = man::bold("schedscope-cli " + std::string(c.name));
    if (!c.operands.empty())
        line.append(" ").append(man::italic(c.operands));
    if (!c.options.empty())
        line.append(" [").append(man::italic("options")).append("]");
    return line;
}

} // namespace

void printUsage() {
    const std::string text = usageText();
    std::fwrite(text.data(), 1, text.size(), stdout);
}

std::string manPage() {
    man::Page page;
    page.name = "schedscope-cli";
    page.version = SCHEDSCOPE_VERSION;
    page.summary = "simulate the Linux CPU scheduler and read real scheduler recordings, without a window";
    page.synopsis.push_back(man::bold("schedscope-cli") + " " + man::italic("command") + " [" +
                            man::italic("options") + "]");
    for (const CommandInfo& c : commandCatalog())
        page.synopsis.push_back(synopsisLine(c));
    page.sections.push_back(
        {"DESCRIPTION",
         false,
         {"schedscope-cli runs SchedScope's simulation of the Linux CPU scheduler headless: a scenario "
          "(a JSON file, or one of the built-in scenarios named builtin:NAME) on a simulated machine and "
          "kernel model, with its summary, traces and thread states as files; sweeps over settings; "
          "benchmarks. It also reads real recordings (perf script text, ftrace text, trace-cmd's "
          "trace.dat, Perfetto traces), summarises them in the same schema, turns them into scenarios "
          "and replays them. The desktop application, schedscope(1), shows the same runs.",
          "Durations take a unit: ns, us, ms or s (1.5s, 100ms). Options take their value as the next "
          "word or after '=' (--for=2s). Output files are written atomically: a failed run leaves "
          "nothing partial."},
         {}});
    page.sections.push_back({"COMMANDS", false, {}, {}});
    for (const CommandInfo& c : commandCatalog())
        page.sections.push_back(commandSection(c));
    page.sections.push_back({"OPTIONS",
                             false,
                             {},
                             {{man::optionTerm("--version", ""), "print the version and exit"},
                              {man::optionTerm("--help", ""), "the list of commands; after a command: "
                                                              "its options"}}});
    page.sections.push_back({"EXIT STATUS", false, {std::string(exitCodesText())}, {}});
    page.sections.push_back({"SEE ALSO",
                             false,
                             {"schedscope(1), perf-sched(1). docs/cli.md in SchedScope's source tree "
                              "describes every command and output format in full."},
                             {}});
    return man::toRoff(page);
}

int cmdHelp(Args& args) {
    const bool man = args.flag("--man");
    const auto completion = args.take("--completion");
    if (reportLeftovers(args))
        return ExitUsage;
    if (man || completion) {
        if (completion && *completion != "bash") {
            std::fprintf(stderr, "schedscope-cli help: --completion knows bash, not \"%s\"\n",
                         completion->c_str());
            return ExitUsage;
        }
        return writeOutput(std::nullopt, man ? manPage() : bashCompletion());
    }
    if (args.positional().empty()) {
        printUsage();
        return ExitOk;
    }
    std::string name;
    for (const std::string& word : args.positional())
        name += (name.empty() ? "" : " ") + word;
    return helpOn(name);
}

int helpOn(const std::string& name) {
    std::vector<const CommandInfo*> found;
    for (const CommandInfo& c : commandCatalog())
        if (c.name == name || c.name.starts_with(name + " "))
            found.push_back(&c);
    if (found.empty()) {
        std::fprintf(stderr, "schedscope-cli help: no command \"%s\"; see schedscope-cli help\n",
                     name.c_str());
        return ExitUsage;
    }
    if (found.size() == 1) {
        printCommandUsage(*found[0]);
        return ExitOk;
    }
    std::string text = "usage: schedscope-cli " + name + " <subcommand> [options]\n\n";
    for (const CommandInfo* c : found)
        text += commandUsage(*c);
    return writeOutput(std::nullopt, text);
}

void printCommandUsage(const CommandInfo& c) {
    const std::string text = "usage: schedscope-cli " + commandHead(c) +
                             (c.options.empty() ? "" : " [options]") + "\n\n" + commandUsage(c);
    std::fwrite(text.data(), 1, text.size(), stdout);
}

} // namespace cli
