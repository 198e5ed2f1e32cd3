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

LoadResult loadScenarioText(std::string_view text, const std::string& source) {
    LoadResult result;
    if (text.size() > kMaxScenarioBytes) {
        result.errors.push_back(source + ": file of " + std::to_string(text.size()) + " bytes; at most " +
                                std::to_string(kMaxScenarioBytes));
        return result;
    }
    // Structural problems nlohmann accepts (excess nesting, duplicate keys) and plain syntax
    // errors, with line and column.
    if (auto problem = scanJson(text)) {
        result.errors.push_back(source + ":" + std::to_string(problem->line) + ":" +
                                std::to_string(problem->column) + ": " + problem->message);
        return result;
    }
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // Should be rare: the scanner catches syntax errors first. Keep nlohmann's wording.
        TextPosition pos = positionOfByte(text, e.byte == 0 ? 0 : e.byte - 1);
        std::string what = e.what();
        if (auto dash = what.find(": "); dash != std::string::npos)
            what = what.substr(dash + 2);
        result.errors.push_back(source + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                                ": " + what);
        return result;
    } catch (const json::exception& e) {
        result.errors.push_back(source + ": " + e.what());
        return result;
    }
    result = Validator(source).run(root);
    if (result.ok())
        result.text = std::string(text);
    return result;
}

LoadResult loadScenarioFile(const std::string& path) {
    LoadResult result;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.errors.push_back(path + ": cannot open the file");
        return result;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        result.errors.push_back(path + ": cannot read the file (not a regular file?)");
        return result;
    }
    if (static_cast<uint64_t>(size) > kMaxScenarioBytes) {
        result.errors.push_back(path + ": file of " + std::to_string(size) + " bytes; at most " +
                                std::to_string(kMaxScenarioBytes));
        return result;
    }
    in.seekg(0);
    std::string text(static_cast<size_t>(size), '\0');
    in.read(text.data(), size);
    if (!in) {
        result.errors.push_back(path + ": read error");
        return result;
    }
    return loadScenarioText(text, path);
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
