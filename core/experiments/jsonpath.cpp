#include "experiments/jsonpath.h"

#include <cctype>

namespace core {

using nlohmann::ordered_json;

namespace {

bool identChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

std::string prefixText(const JsonPath& path, size_t steps) {
    std::string s;
    for (size_t i = 0; i < steps && i < path.size(); ++i) {
        const JsonPathStep& st = path[i];
        if (st.kind == JsonPathStep::Kind::Key)
            s.append(s.empty() ? "" : ".").append(st.key);
        else if (st.kind == JsonPathStep::Kind::Index)
            s.append("[").append(std::to_string(st.index)).append("]");
        else
            s.append("[").append(st.key).append("=").append(st.value).append("]");
    }
    return s;
}

bool matches(const ordered_json& element, const JsonPathStep& st) {
    if (!element.is_object())
        return false;
    const auto it = element.find(st.key);
    if (it == element.end())
        return false;
    if (it->is_string())
        return it->get<std::string>() == st.value;
    return it->is_number() && it->dump() == st.value;
}

} // namespace

std::optional<JsonPath> parseJsonPath(const std::string& text, std::string& error) {
    JsonPath path;
    size_t i = 0;
    auto fail = [&](const std::string& what) {
        error = "malformed path \"" + text + "\" at character " + std::to_string(i + 1) + ": " + what;
        return std::nullopt;
    };
    if (text.empty())
        return fail("empty");
    while (i < text.size()) {
        if (text[i] == '[') {
            const size_t close = text.find(']', i);
            if (close == std::string::npos)
                return fail("'[' without ']'");
            const std::string inner = text.substr(i + 1, close - i - 1);
            JsonPathStep st;
            if (const size_t eq = inner.find('='); eq != std::string::npos) {
                st.kind = JsonPathStep::Kind::Match;
                st.key = inner.substr(0, eq);
                st.value = inner.substr(eq + 1);
                if (st.key.empty())
                    return fail("a selector needs a member name before '='");
            } else {
                if (inner.empty() || inner.size() > 9 ||
                    inner.find_first_not_of("0123456789") != std::string::npos)
                    return fail("expected an index or NAME=VALUE inside [ ]");
                st.kind = JsonPathStep::Kind::Index;
                st.index = std::stoul(inner);
            }
            path.push_back(std::move(st));
            i = close + 1;
            continue;
        }
        if (text[i] == '.') {
            if (path.empty())
                return fail("a path does not start with '.'");
            ++i;
        } else if (!path.empty()) {
            return fail("expected '.' or '['");
        }
        const size_t start = i;
        while (i < text.size() && identChar(text[i]))
            ++i;
        if (i == start)
            return fail("expected a member name");
        JsonPathStep st;
        st.key = text.substr(start, i - start);
        path.push_back(std::move(st));
    }
    return path;
}

const ordered_json* findJsonPath(const ordered_json& doc, const JsonPath& path) {
    const ordered_json* cur = &doc;
    for (const JsonPathStep& st : path) {
        if (st.kind == JsonPathStep::Kind::Key) {
            if (!cur->is_object())
                return nullptr;
            const auto it = cur->find(st.key);
            if (it == cur->end())
                return nullptr;
            cur = &*it;
        } else if (st.kind == JsonPathStep::Kind::Index) {
            if (!cur->is_array() || st.index >= cur->size())
                return nullptr;
            cur = &(*cur)[st.index];
        } else {
            if (!cur->is_array())
                return nullptr;
            const ordered_json* found = nullptr;
            for (const ordered_json& e : *cur)
                if (matches(e, st)) {
                    found = &e;
                    break;
                }
            if (!found)
                return nullptr;
            cur = found;
        }
    }
    return cur;
}

std::string setJsonPath(ordered_json& doc, const JsonPath& path, ordered_json value) {
    ordered_json* cur = &doc;
    for (size_t i = 0; i < path.size(); ++i) {
        const JsonPathStep& st = path[i];
        const std::string here = prefixText(path, i + 1);
        if (st.kind == JsonPathStep::Kind::Key) {
            if (cur->is_null())
                *cur = ordered_json::object();
            if (!cur->is_object())
                return (i == 0 ? std::string("the document") : prefixText(path, i)) + " is not an object";
            cur = &(*cur)[st.key];
        } else if (st.kind == JsonPathStep::Kind::Index) {
            if (!cur->is_array())
                return prefixText(path, i) + " is not an array";
            if (st.index >= cur->size())
                return here + ": the array has " + std::to_string(cur->size()) + " element" +
                       (cur->size() == 1 ? "" : "s");
            cur = &(*cur)[st.index];
        } else {
            if (!cur->is_array())
                return prefixText(path, i) + " is not an array";
            ordered_json* found = nullptr;
            for (ordered_json& e : *cur)
                if (matches(e, st)) {
                    found = &e;
                    break;
                }
            if (!found)
                return here + ": no element has " + st.key + " = " + st.value;
            cur = found;
        }
    }
    *cur = std::move(value);
    return {};
}

} // namespace core
