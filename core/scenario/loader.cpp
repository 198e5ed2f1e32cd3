#include "scenario/loader.h"

#include "scenario/builtins.h"
#include "scenario/jsonscan.h"
#include "scenario/validator.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace core {

using nlohmann::json;
using validation::Validator;

namespace {

/// Scans and parses JSON text; nullopt with the messages in `errors` when it is not JSON.
std::optional<json> parseText(std::string_view text, const std::string& source,
                              std::vector<std::string>& errors) {
    if (text.size() > kMaxScenarioBytes) {
        errors.push_back(source + ": file of " + std::to_string(text.size()) + " bytes; at most " +
                         std::to_string(kMaxScenarioBytes));
        return std::nullopt;
    }
    // Structural problems nlohmann accepts (excess nesting, duplicate keys) and plain syntax
    // errors, with line and column.
    if (auto problem = scanJson(text)) {
        errors.push_back(source + ":" + std::to_string(problem->line) + ":" +
                         std::to_string(problem->column) + ": " + problem->message);
        return std::nullopt;
    }
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // Should be rare: the scanner catches syntax errors first. Keep nlohmann's wording.
        TextPosition pos = positionOfByte(text, e.byte == 0 ? 0 : e.byte - 1);
        std::string what = e.what();
        if (auto dash = what.find(": "); dash != std::string::npos)
            what = what.substr(dash + 2);
        errors.push_back(source + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
                         what);
    } catch (const json::exception& e) {
        errors.push_back(source + ": " + e.what());
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> readScenarioText(const std::string& path, std::vector<std::string>& errors) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errors.push_back(path + ": cannot open the file");
        return std::nullopt;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        errors.push_back(path + ": cannot read the file (not a regular file?)");
        return std::nullopt;
    }
    if (static_cast<uint64_t>(size) > kMaxScenarioBytes) {
        errors.push_back(path + ": file of " + std::to_string(size) + " bytes; at most " +
                         std::to_string(kMaxScenarioBytes));
        return std::nullopt;
    }
    in.seekg(0);
    std::string text(static_cast<size_t>(size), '\0');
    in.read(text.data(), size);
    if (!in) {
        errors.push_back(path + ": read error");
        return std::nullopt;
    }
    return text;
}

LoadResult loadScenarioText(std::string_view text, const std::string& source) {
    LoadResult result;
    std::optional<json> root = parseText(text, source, result.errors);
    if (!root)
        return result;
    result = Validator(source).run(*root);
    result.text = std::string(text);
    return result;
}

LoadResult loadScenarioFile(const std::string& path) {
    LoadResult result;
    std::optional<std::string> text = readScenarioText(path, result.errors);
    return text ? loadScenarioText(*text, path) : result;
}

CostsFile loadCostsText(std::string_view text, const std::string& source) {
    CostsFile result;
    if (std::optional<json> root = parseText(text, source, result.errors))
        result = Validator(source).runCosts(*root);
    return result;
}

CostsFile loadCostsFile(const std::string& path) {
    CostsFile result;
    std::optional<std::string> text = readScenarioText(path, result.errors);
    return text ? loadCostsText(*text, path) : result;
}

void applyCosts(ScenarioSpec& spec, const CostsFile& costs) {
    for (const auto& [op, t] : costs.kernel.costs)
        spec.kernel.costs[op] = t;
    for (const auto& [param, v] : costs.kernel.costCounts)
        spec.kernel.costCounts[param] = v;
}

LoadResult loadScenario(const std::string& fileOrBuiltin) {
    static constexpr std::string_view kPrefix = "builtin:";
    if (fileOrBuiltin.rfind(kPrefix, 0) == 0) {
        const std::string name = fileOrBuiltin.substr(kPrefix.size());
        if (const BuiltinScenario* b = findBuiltin(name))
            return loadScenarioText(b->text, fileOrBuiltin);
        LoadResult r;
        std::string known;
        for (const BuiltinScenario& b : builtinScenarios())
            known += (known.empty() ? "" : ", ") + std::string(b.name);
        r.errors.push_back(fileOrBuiltin + ": no built-in scenario named " + validation::quoteJson(name) +
                           "; available: " + known);
        return r;
    }
    return loadScenarioFile(fileOrBuiltin);
}

} // namespace core
