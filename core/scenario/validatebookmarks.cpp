// Bookmarks: points in a run the user marked, with a note (not for the engine).
#include "scenario/validator.h"

namespace core::validation {

void Validator::bookmarks(const json& j, ScenarioSpec& spec) {
    if (!j.is_array()) {
        expected("bookmarks", "an array of {\"at\": TIME, \"note\": TEXT} objects", j);
        return;
    }
    if (j.size() > kMaxBookmarks) {
        error("bookmarks",
              "at most " + std::to_string(kMaxBookmarks) + " bookmarks, found " + std::to_string(j.size()));
        return;
    }
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string p = index("bookmarks", i);
        const json& e = j[i];
        if (!isObject(e, p))
            continue;
        checkKeys(e, p, {"at", "note"});
        Bookmark b;
        const auto when = timeWithinRun(e, p, spec, "");
        if (!when)
            continue;
        b.at = *when;
        if (auto note = e.find("note"); note != e.end()) {
            auto text = string(*note, join(p, "note"), kMaxBookmarkNoteLength, true);
            if (!text)
                continue;
            b.note = *text;
        }
        spec.bookmarks.push_back(std::move(b));
    }
}

} // namespace core::validation
