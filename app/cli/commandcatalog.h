#pragma once

#include "options.h"

#include <string>
#include <string_view>
#include <vector>

namespace cli {

/// What an option's value is: a flag takes none; the rest tell the shell what to offer.
enum class ValueKind {
    None,   ///< a flag
    Text,   ///< a duration, a number, a pid: nothing to offer
    Choice, ///< one of the words of the value, separated by '|' ("table|json")
    File,   ///< a file
    Dir,    ///< a folder
    Model,  ///< a kernel model's name (`models`)
    Opt,    ///< KEY=on|off, KEY an optimization's key or `all`
};

/// What a command's operands are.
enum class OperandKind {
    None,     ///< it takes none
    Scenario, ///< a scenario file or builtin:NAME (or a recording, where the command reads one)
    File,     ///< files
    Dir,      ///< a folder
    Command,  ///< a command's name (`help`)
};

struct OptionInfo {
    std::string_view name;  ///< "--for"
    std::string_view value; ///< "DUR"; empty for a flag
    ValueKind kind;
    std::string_view help; ///< one paragraph: `help` and the man page wrap it
};

/// One command of schedscope-cli. The catalogue is the one list of commands: main.cpp
/// dispatches through it, and `help`, the man page (`help --man`) and the bash completion
/// (`help --completion bash`) are written from it. A new command is one more row.
struct CommandInfo {
    std::string_view name;     ///< as typed: "run", or a group and its subcommand: "bench seeds"
    std::string_view operands; ///< "FILE|builtin:NAME"; empty when it takes none
    OperandKind operandKind;
    std::string_view summary; ///< what it does, one paragraph
    std::vector<OptionInfo> options;
    int (*run)(Args& args);
};

/// Every command, in the order `help` lists them.
const std::vector<CommandInfo>& commandCatalog();
/// The command `word` (argv[1]) names; for a group such as `bench`, together with the first
/// operand, which must then be the only one ("bench seeds"). Null when there is none.
const CommandInfo* findCommand(const std::string& word, const std::vector<std::string>& positional);
/// The subcommands of the group `word` ("engine", "seeds", ... for "bench"); empty for a command.
std::vector<std::string_view> subcommandsOf(std::string_view word);
/// Whether some command takes `name` without a value (or it is --help or -h): how Args tells a
/// flag from an option whose value follows it.
bool isFlagOption(std::string_view name);
/// What the exit codes mean, as `help` and the man page give them.
std::string_view exitCodesText();

} // namespace cli
