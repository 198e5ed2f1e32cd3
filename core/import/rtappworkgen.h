#pragma once

// rt-app's doc/workgen script, which prepares a file before rt-app reads it: a "suspend" key
// written without a value gets its own thread's name, and keys repeated in an object are renamed
// so that json-c keeps each (run, run1, run2, ...). Many of rt-app's doc/examples are written for
// it. Line based, as the script is (docs/rtapp.md). Internal to the rt-app importer.

#include <string>
#include <string_view>

namespace core::rtapp {

/// Whether the text has workgen's shorthand: a line inside "tasks" naming "suspend" with no ':'.
bool hasWorkgenShorthand(std::string_view text);

/// The text as workgen writes it for rt-app: its suspend pass, then its unique-key pass. Lines
/// are neither added nor removed, so positions in messages stay those of the file.
std::string workgenPrepare(std::string_view text);

} // namespace core::rtapp
