#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cli {

/// Exit codes of schedscope-cli (documented in docs/cli.md).
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1, ///< the command could not finish: an output not written, a run that failed
                     ///< (reality), cells that failed or are missing (sweep)
    ExitInvalid = 2, ///< invalid input: a scenario, costs, sweep spec, trace or host file (reality:
                     ///< also a missing permission or a machine this host cannot give)
    ExitUsage = 64,  ///< a bad command line (EX_USAGE)
};

/// A minimal command-line reader: positional arguments and --name value / --name=value options.
class Args {
public:
    Args(int argc, char** argv, int first);
    /// Takes the value of an option that may repeat; returns every value in order.
    std::vector<std::string> takeAll(const std::string& name);
    std::optional<std::string> take(const std::string& name);
    bool flag(const std::string& name);
    const std::vector<std::string>& positional() const { return m_positional; }
    /// Options given but never taken: typos to report.
    std::vector<std::string> leftovers() const;
    /// Error found while reading (an option missing its value).
    const std::string& error() const { return m_error; }

private:
    struct Opt {
        std::string name;
        std::optional<std::string> value;
        bool used = false;
    };
    std::vector<Opt> m_opts;
    std::vector<std::string> m_positional;
    std::string m_error;
    std::vector<std::string> m_flagNames;
};

} // namespace cli
