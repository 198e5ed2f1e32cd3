#pragma once

#include "commandcatalog.h"

#include <string>

namespace cli {

/// Every command and its options on stdout, with the exit codes (`help`, no command).
void printUsage();
/// One command and its options on stdout (`COMMAND --help`, `help COMMAND`).
void printCommandUsage(const CommandInfo& command);
/// `help NAME`: the usage of one command, or of every subcommand of a group ("bench"); ExitUsage
/// after saying so when there is no such command.
int helpOn(const std::string& name);
/// The manual page schedscope-cli(1), in roff (`help --man`).
std::string manPage();

} // namespace cli
