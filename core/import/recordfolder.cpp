#include "import/recordfolder.h"

#include "base/cpuset.h"
#include "scenario/jsonscan.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace core {

namespace {

using json = nlohmann::json;

bool readWhole(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return !in.bad();
}

std::string typeName(const json& j) {
    if (j.is_null())
        return "null";
    if (j.is_boolean())
        return "a boolean";
    if (j.is_number())
        return "the number " + j.dump();
    if (j.is_string())
        return "the string " + j.dump();
    if (j.is_array())
        return "an array";
    return "an object";
}

/// Reads the keys of one JSON object, saying where a value is not what was expected.
class Keys {
public:
    Keys(const json& j, std::string where)
        : m_j(j)
        , m_where(std::move(where)) {}
    const std::string& error() const { return m_error; }

    std::optional<std::string> text(const char* key, bool required) {
        const json* v = find(key, required);
        if (!v)
            return std::nullopt;
        if (!v->is_string())
            return wrong(key, "a string", *v);
        return v->get<std::string>();
    }
    std::optional<int64_t> integer(const char* key, bool required, int64_t lo, int64_t hi) {
        const json* v = find(key, required);
        if (!v)
            return std::nullopt;
        if (!v->is_number_integer() || v->get<int64_t>() < lo || v->get<int64_t>() > hi)
            return wrong(key, "an integer from " + std::to_string(lo) + " to " + std::to_string(hi), *v);
        return v->get<int64_t>();
    }
    const json* find(const char* key, bool required) {
        if (!m_error.empty())
            return nullptr;
        const auto it = m_j.find(key);
        if (it == m_j.end() || (it->is_null() && !required)) {
            if (required)
                m_error = m_where + ": expected the key \"" + key + "\", found none";
            return nullptr;
        }
        return &*it;
    }
    std::nullopt_t wrong(const char* key, const std::string& expected, const json& found) {
        if (m_error.empty())
            m_error = m_where + ", \"" + key + "\": expected " + expected + ", found " + typeName(found);
        return std::nullopt;
    }

private:
    const json& m_j;
    std::string m_where;
    std::string m_error;
};

/// Parses `text` as one JSON value; `error` says where it is not (line and column of `name`).
std::optional<json> parse(const std::string& text, const std::string& name, std::string& error) {
    if (const auto problem = scanJson(text)) {
        error = name + ": line " + std::to_string(problem->line) + ", column " +
                std::to_string(problem->column) + ": " + problem->message;
        return std::nullopt;
    }
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        error = name + ": " + e.what();
        return std::nullopt;
    }
}

bool manifest(const json& m, const std::string& name, RecordFolder& f, std::string& error) {
    if (!m.is_object()) {
        error = name + ": line 1: expected a JSON object, found " + typeName(m);
        return false;
    }
    Keys k(m, name);
    const auto format = k.text("format", true);
    if (format && *format != kRecordFormat) {
        error =
            name + ", \"format\": expected \"" + std::string(kRecordFormat) + "\", found \"" + *format + "\"";
        return false;
    }
    const auto version = k.integer("version", true, 1, 1000);
    if (version && *version != kRecordVersion) {
        error = name + ", \"version\": expected " + std::to_string(kRecordVersion) +
                " (what this build reads), found " + std::to_string(*version) +
                ": a newer schedscope-cli wrote it";
        return false;
    }
    f.version = static_cast<int>(version.value_or(0));
    f.kernelRelease = k.text("kernel_release", true).value_or("");
    f.hostname = k.text("hostname", false).value_or("");
    f.perfVersion = k.text("perf_version", false).value_or("");
    f.started = k.text("start", false).value_or("");
    if (const json* c = k.find("command", false)) {
        if (!c->is_array())
            k.wrong("command", "an array of strings", *c);
        else
            for (const json& word : *c) {
                if (!word.is_string()) {
                    k.wrong("command", "an array of strings", word);
                    break;
                }
                f.command.push_back(word.get<std::string>());
            }
    }
    if (const auto pid = k.integer("pid", false, 1, INT32_MAX))
        f.attachedPid = static_cast<int32_t>(*pid);
    if (const json* s = k.find("exit_status", false)) {
        Keys e(*s, name + ", \"exit_status\"");
        if (!s->is_object())
            k.wrong("exit_status", "an object {\"code\": N} or {\"signal\": N}", *s);
        else if (const auto code = e.integer("code", false, 0, 255))
            f.exitCode = static_cast<int>(*code);
        else if (const auto sig = e.integer("signal", false, 1, 128))
            f.exitSignal = static_cast<int>(*sig);
        if (!e.error().empty() && error.empty())
            error = e.error();
    }
    if (const json* pids = k.find("recorder_pids", false)) {
        if (!pids->is_array())
            k.wrong("recorder_pids", "an array of pids", *pids);
        else
            for (const json& p : *pids)
                if (p.is_number_integer())
                    f.recorderPids.push_back(p.get<int32_t>());
    }
    for (auto [key, into] : {std::pair{"notes", &f.notes}, std::pair{"host_notes", &f.hostNotes}})
        if (const json* notes = k.find(key, false); notes && notes->is_array())
            for (const json& n : *notes)
                if (n.is_string())
                    into->push_back(n.get<std::string>());
    if (!k.error().empty())
        error = k.error();
    return error.empty();
}

bool taskLine(const json& j, const std::string& where, RecordedAttributes& out, std::string& error) {
    if (!j.is_object()) {
        error = where + ": expected a JSON object, found " + typeName(j);
        return false;
    }
    Keys k(j, where);
    out.t = k.integer("t", true, 0, INT64_MAX).value_or(0);
    out.tid = static_cast<int32_t>(k.integer("tid", true, 1, INT32_MAX).value_or(0));
    TaskAttributes& a = out.attributes;
    const auto policy = k.text("policy", true);
    if (policy) {
        if (const auto p = recordedPolicy(*policy))
            a.policy = *p;
        else
            k.wrong("policy", "\"other\", \"batch\", \"idle\", \"fifo\" or \"rr\"", j["policy"]);
    }
    a.nice = static_cast<int>(k.integer("nice", true, -20, 19).value_or(0));
    a.rtPriority = static_cast<uint8_t>(k.integer("rt_priority", true, 0, 99).value_or(0));
    a.cpus = k.text("cpus", false).value_or("");
    a.timerSlackNs = k.integer("timer_slack_ns", false, 0, INT64_MAX).value_or(-1);
    out.cgroup = k.text("cgroup", false).value_or("");
    if (!a.cpus.empty() && !parseCpuList(a.cpus).error.empty())
        k.wrong("cpus", "a CPU list such as \"0-3,8\"", j["cpus"]);
    if (!k.error().empty()) {
        error = k.error();
        return false;
    }
    return true;
}

bool tasksFile(const std::string& path, RecordFolder& f, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return true; // optional: an older or failed recorder wrote none (the manifest notes it)
    std::string line;
    for (size_t n = 1; std::getline(in, line); ++n) {
        if (line.empty())
            continue;
        const std::string where = path + ": line " + std::to_string(n);
        if (in.eof()) {
            // A last line without its end of line: the recorder was stopped while writing it.
            f.notes.push_back(where + ": cut short (no end of line): skipped");
            break;
        }
        std::string e;
        const auto j = parse(line, where, e);
        RecordedAttributes r;
        if (!j || !taskLine(*j, where, r, e)) {
            error = e;
            return false;
        }
        f.tasks.push_back(std::move(r));
    }
    return true;
}

} // namespace

std::optional<SchedPolicy> recordedPolicy(std::string_view name) {
    for (SchedPolicy p :
         {SchedPolicy::Other, SchedPolicy::Batch, SchedPolicy::Idle, SchedPolicy::Fifo, SchedPolicy::Rr})
        if (name == schedPolicyName(p))
            return p;
    return std::nullopt;
}

bool isRecordFolder(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec))
        return false;
    return std::filesystem::exists(path + "/" + kRecordManifest, ec) ||
           std::filesystem::exists(path + "/" + kRecordIncomplete, ec);
}

std::optional<RecordFolder> readRecordFolder(const std::string& dir, std::string& error) {
    RecordFolder f;
    f.dir = dir;
    while (f.dir.size() > 1 && f.dir.back() == '/')
        f.dir.pop_back();
    std::error_code ec;
    const std::string manifestPath = f.path(kRecordManifest);
    std::string text;
    if (!readWhole(manifestPath, text)) {
        if (std::filesystem::exists(f.path(kRecordIncomplete), ec))
            error =
                f.dir + ": expected a finished recording (record.json), found only " + kRecordIncomplete +
                ": schedscope-cli record was stopped before it finished (killed?); its perf.data, if any, "
                "may still open on its own";
        else
            error = manifestPath + ": expected the record folder's manifest, found no readable file";
        return std::nullopt;
    }
    const auto m = parse(text, manifestPath, error);
    if (!m || !manifest(*m, manifestPath, f, error))
        return std::nullopt;
    if (!std::filesystem::is_regular_file(f.path(kRecordPerfData), ec)) {
        error = f.path(kRecordPerfData) + ": expected the recording's scheduler events, found no such file";
        return std::nullopt;
    }
    if (!tasksFile(f.path(kRecordTasks), f, error))
        return std::nullopt;
    return f;
}

std::string recordedAttributesLine(const RecordedAttributes& r) {
    const TaskAttributes& a = r.attributes;
    json j = json::object();
    j["t"] = r.t;
    j["tid"] = r.tid;
    j["policy"] = schedPolicyName(a.policy);
    j["nice"] = a.nice;
    j["rt_priority"] = a.rtPriority;
    if (!a.cpus.empty())
        j["cpus"] = a.cpus;
    if (a.timerSlackNs >= 0)
        j["timer_slack_ns"] = a.timerSlackNs;
    if (!r.cgroup.empty())
        j["cgroup"] = r.cgroup;
    // A cgroup path is bytes: invalid UTF-8 is replaced rather than refused.
    return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string recordManifestText(const RecordFolder& f) {
    json m = json::object();
    m["format"] = kRecordFormat;
    m["version"] = kRecordVersion;
    m["kernel_release"] = f.kernelRelease;
    m["hostname"] = f.hostname;
    m["perf_version"] = f.perfVersion;
    m["start"] = f.started;
    if (f.attachedPid)
        m["pid"] = *f.attachedPid;
    else
        m["command"] = f.command;
    if (f.exitCode)
        m["exit_status"] = {{"code", *f.exitCode}};
    else if (f.exitSignal)
        m["exit_status"] = {{"signal", *f.exitSignal}};
    m["recorder_pids"] = f.recorderPids;
    m["files"] = {
        {kRecordPerfData, "the scheduler events, as perf sched record writes them (perf record -k mono: "
                          "CLOCK_MONOTONIC, the clock of tasks.jsonl)"},
        {kRecordTasks,
         "each task's policy, nice, rt priority, CPUs, timer slack and cgroup: t 0 at the start, "
         "then every change a syscall made (its time on perf.data's clock)"},
        {kRecordHost, "the machine (schedscope-cli host): topology, kernel numbering, HZ, cgroups, scheduler "
                      "sysctls"}};
    m["notes"] = f.notes;
    m["host_notes"] = f.hostNotes;
    return m.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::vector<TraceEvent> attributeEvents(const RecordFolder& folder, StringTable& strings) {
    std::vector<TraceEvent> out;
    out.reserve(folder.tasks.size());
    uint32_t line = 0;
    for (const RecordedAttributes& r : folder.tasks) {
        TraceEvent ev;
        ev.type = TraceEventType::Attributes;
        ev.time = r.t;
        ev.line = ++line;
        ev.a = r.tid;
        ev.b = r.attributes.nice;
        ev.c = r.attributes.rtPriority;
        ev.state = static_cast<char>(r.attributes.policy);
        ev.name = strings.intern(r.attributes.cpus);
        ev.name2 = r.t == 0 && !r.cgroup.empty() && r.cgroup != "/" ? strings.intern(r.cgroup) : 0;
        ev.lost = static_cast<uint64_t>(r.attributes.timerSlackNs + 1);
        out.push_back(ev);
    }
    return out;
}

} // namespace core
