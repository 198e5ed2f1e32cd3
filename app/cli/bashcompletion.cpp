#include "bashcompletion.h"

#include "commandcatalog.h"

#include "base/kernelmodel.h"
#include "base/optimizations.h"
#include "scenario/builtins.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace cli {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

/// The words of a choice value: "table|json" -> "table json".
std::string choices(std::string_view value) {
    std::string out(value);
    for (char& c : out)
        if (c == '|')
            c = ' ';
    return out;
}

/// What to offer after one option, as a bash statement; empty for a flag.
std::string valueCompletion(const OptionInfo& o) {
    switch (o.kind) {
    case ValueKind::None:
        return {};
    case ValueKind::Text:
        return "return";
    case ValueKind::Choice:
        return "_schedscope_cli_words \"" + choices(o.value) + "\"; return";
    case ValueKind::File:
        return "_filedir; return";
    case ValueKind::Dir:
        return "_filedir -d; return";
    case ValueKind::Model:
        return "_schedscope_cli_words \"$models\"; return";
    case ValueKind::Opt:
        return "_schedscope_cli_words \"$opts\"; _schedscope_cli_trim; return";
    }
    return {};
}

const char* operandName(OperandKind k) {
    switch (k) {
    case OperandKind::None:
        return "none";
    case OperandKind::Scenario:
        return "scenario";
    case OperandKind::File:
        return "file";
    case OperandKind::Dir:
        return "dir";
    case OperandKind::Command:
        return "command";
    }
    return "none";
}

/// One `case` arm: the values of its options after `prev`, its options and operands.
std::string commandArm(const CommandInfo& c) {
    std::map<std::string, std::vector<std::string>> byCompletion; // statement -> options
    std::vector<std::string> names;
    for (const OptionInfo& o : c.options) {
        names.emplace_back(o.name);
        if (const std::string s = valueCompletion(o); !s.empty())
            byCompletion[s].emplace_back(o.name);
    }
    std::string arm = "    \"" + std::string(c.name) + "\")\n";
    if (!byCompletion.empty()) {
        arm += "        case $prev in\n";
        for (const auto& [statement, options] : byCompletion) {
            std::string pattern;
            for (const std::string& o : options)
                pattern += (pattern.empty() ? "" : "|") + o;
            arm += "        " + pattern + ") " + statement + " ;;\n";
        }
        arm += "        esac\n";
    }
    arm += "        options=\"" + joined(names) + "\"\n";
    arm += "        operands=" + std::string(operandName(c.operandKind)) + " ;;\n";
    return arm;
}

std::string header() {
    return R"(# bash completion for schedscope-cli                      -*- shell-script -*-
# Written by `schedscope-cli help --completion bash` from the program's command catalogue;
# do not edit.

# COMPREPLY: the words of $1 that start with $cur.
_schedscope_cli_words() {
    local IFS=$' \t\n'
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# Readline replaces only what follows the last word break (':' and '=' are ones): cut what
# comes before it from each completion of $cur ("builtin:def", "psi_clock_once=o").
_schedscope_cli_trim() {
    local c i prefix
    for c in : =; do
        [[ $COMP_WORDBREAKS == *"$c"* && $cur == *"$c"* ]] || continue
        prefix=${cur%"${cur##*"$c"}"}
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]#"$prefix"}
        done
    done
}

_schedscope_cli() {
    local cur prev words cword split
    _init_completion -s -n =: || return
)";
}

} // namespace

std::string bashCompletion() {
    std::vector<std::string> commands, models, opts, builtins;
    std::map<std::string, std::vector<std::string>> groups; // "bench" -> its subcommands
    for (const CommandInfo& c : commandCatalog()) {
        const std::string name(c.name);
        const size_t space = name.find(' ');
        const std::string word = name.substr(0, space);
        if (std::find(commands.begin(), commands.end(), word) == commands.end())
            commands.push_back(word);
        if (space != std::string::npos)
            groups[word].push_back(name.substr(space + 1));
    }
    for (const core::KernelModelInfo& m : core::kernelModelCatalog())
        models.emplace_back(m.name);
    for (const core::OptimizationInfo& o : core::optimizationCatalog())
        for (const char* v : {"=on", "=off"})
            opts.push_back(std::string(o.key) + v);
    opts.insert(opts.end(), {"all=on", "all=off"});
    for (const core::BuiltinScenario& b : core::builtinScenarios())
        builtins.push_back("builtin:" + std::string(b.name));

    std::string s = header();
    s += "    local models=\"" + joined(models) + "\"\n";
    s += "    local opts=\"" + joined(opts) + "\"\n";
    s += "    local builtins=\"" + joined(builtins) + "\"\n";
    s += "    local commands=\"" + joined(commands) + "\"\n";
    s += R"(    if ((cword == 1)); then
        _schedscope_cli_words "$commands --help --version"
        return
    fi
    local command=${words[1]} options= operands=none
    case $command in
)";
    for (const auto& [group, subs] : groups)
        s += "    " + group + ")\n        if ((cword == 2)); then\n            _schedscope_cli_words \"" +
             joined(subs) + "\"\n            return\n        fi\n        command=\"" + group +
             " ${words[2]}\" ;;\n";
    s += "    esac\n    case $command in\n";
    for (const CommandInfo& c : commandCatalog())
        s += commandArm(c);
    s += R"(    *) return ;;
    esac
    [[ $split == true ]] && return
    if [[ $cur == -* ]]; then
        _schedscope_cli_words "$options --help"
        return
    fi
    case $operands in
    scenario)
        _filedir
        local files=("${COMPREPLY[@]}")
        _schedscope_cli_words "$builtins"
        _schedscope_cli_trim
        COMPREPLY+=("${files[@]}") ;;
    file) _filedir ;;
    dir) _filedir -d ;;
    command) _schedscope_cli_words "$commands" ;;
    esac
} &&
    complete -F _schedscope_cli schedscope-cli
)";
    return s;
}

} // namespace cli
