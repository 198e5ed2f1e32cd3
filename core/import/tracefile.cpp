#include "import/tracefile.h"

#include "import/perfdata.h"
#include "import/perfettotrace.h"
#include "import/perfettotracks.h"
#include "import/tracedat.h"
#include "import/traceparser.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

namespace core {

namespace {

constexpr std::string_view kTraceDatMagic("\x17\x08\x44tracing", 10);

std::string baseName(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// Collects parsed events, notes what is out of order, then replays them in time order.
class EventCollector {
public:
    EventCollector(const std::string& name, StringTable& strings)
        : m_name(name)
        , m_strings(strings)
        , m_parser(strings) {}

    /// Returns false when the line is malformed (remembered for the messages).
    void line(std::string_view text, uint32_t lineNo) {
        TraceEvent ev;
        switch (m_parser.parse(text, lineNo, ev)) {
        case TraceTextParser::Result::Skip:
            return;
        case TraceTextParser::Result::Malformed:
            if (m_malformed++ < 3)
                m_malformedNotes.push_back("line " + std::to_string(lineNo) + ": " + m_parser.error());
            return;
        case TraceTextParser::Result::Event:
            add(ev);
            return;
        }
    }

    void add(const TraceEvent& ev) {
        if (!m_events.empty() && ev.time < m_events.back().time)
            m_sorted = false;
        if (ev.cpu >= 0 && ev.type != TraceEventType::Lost) {
            if (static_cast<size_t>(ev.cpu) >= m_lastOnCpu.size())
                m_lastOnCpu.resize(static_cast<size_t>(ev.cpu) + 1, -1);
            int64_t& last = m_lastOnCpu[static_cast<size_t>(ev.cpu)];
            if (ev.time < last && m_backwards++ == 0)
                m_firstBackwards =
                    "line " + std::to_string(ev.line) + " (CPU " + std::to_string(ev.cpu) + ")";
            last = std::max(last, ev.time);
        }
        if (ev.type != TraceEventType::Lost && ev.type != TraceEventType::Unknown &&
            ev.type != TraceEventType::Attributes && ev.type != TraceEventType::CallEnter &&
            ev.type != TraceEventType::CallExit)
            ++m_schedEvents;
        m_events.push_back(ev);
    }

    /// Room for about this many events (from the file's size), so the list does not grow by copying.
    void reserve(size_t events) { m_events.reserve(events); }
    TraceTextParser& parser() { return m_parser; }
    uint64_t malformed() const { return m_malformed; }
    uint64_t schedEvents() const { return m_schedEvents; }
    const std::vector<std::string>& malformedNotes() const { return m_malformedNotes; }

    /// Sorts when needed and replays into the importer (and `tap`, may be null, before it); notes
    /// go to `source`.
    void replay(TraceImporter& importer, TraceSource& source, TraceEventTap* tap) {
        if (m_backwards > 0)
            source.warnings.push_back(
                std::to_string(m_backwards) +
                " events are earlier than the one before them on the same CPU (first at " + m_firstBackwards +
                "): that CPU's stream is out of order; sorted by timestamp");
        if (!m_sorted)
            std::stable_sort(m_events.begin(), m_events.end(),
                             [](const TraceEvent& a, const TraceEvent& b) { return a.time < b.time; });
        for (const TraceEvent& ev : m_events) {
            if (tap)
                tap->event(ev, m_strings);
            importer.process(ev);
        }
        std::vector<TraceEvent>().swap(m_events);
    }

private:
    std::string m_name;
    const StringTable& m_strings;
    TraceTextParser m_parser;
    std::vector<TraceEvent> m_events;
    std::vector<int64_t> m_lastOnCpu;
    bool m_sorted = true;
    uint64_t m_backwards = 0;
    std::string m_firstBackwards;
    uint64_t m_malformed = 0;
    uint64_t m_schedEvents = 0;
    std::vector<std::string> m_malformedNotes;
};

TraceFileResult fail(std::string message) {
    TraceFileResult r;
    r.error = std::move(message);
    return r;
}

/// Feeds text in pieces (a whole file need not be in memory); a line split between pieces is
/// joined. Returns false when cancelled.
class LineSplitter {
public:
    explicit LineSplitter(EventCollector& c)
        : m_collector(c) {}
    void feed(std::string_view piece) {
        while (!piece.empty()) {
            const size_t nl = piece.find('\n');
            if (nl == std::string_view::npos) {
                m_partial.append(piece);
                return;
            }
            ++m_line;
            if (!m_partial.empty()) {
                m_partial.append(piece.substr(0, nl));
                m_collector.line(m_partial, m_line);
                m_partial.clear();
            } else {
                m_collector.line(piece.substr(0, nl), m_line);
            }
            piece.remove_prefix(nl + 1);
        }
    }
    /// A last line without an end of line is what a file cut short looks like: not trusted.
    std::string finish() {
        std::string note;
        std::string_view rest = m_partial;
        while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\r' || rest.back() == '\t'))
            rest.remove_suffix(1);
        if (!rest.empty())
            note = "line " + std::to_string(m_line + 1) +
                   ": the last line has no end of line (a file cut short?): skipped";
        m_partial.clear();
        return note;
    }

private:
    EventCollector& m_collector;
    std::string m_partial;
    uint32_t m_line = 0;
};

TraceFileResult finishText(EventCollector& events, StringTable& strings, const std::string& name,
                           const std::string& truncatedNote, TraceSink* sink, const TraceFileOptions& options,
                           std::string format = {}, std::vector<std::string> readerWarnings = {}) {
    if (events.schedEvents() == 0) {
        std::string why = events.malformedNotes().empty() ? std::string("no scheduler events (sched_switch, "
                                                                        "sched_waking, ...) in it")
                                                          : events.malformedNotes().front();
        return fail(name + ": not a scheduler trace: " + why);
    }
    TraceSource source;
    source.format = !format.empty()                    ? format
                    : events.parser().flavor().empty() ? std::string("ftrace")
                                                       : events.parser().flavor();
    if (const uint64_t lost = events.parser().overwritten()) {
        source.lostEvents += lost;
        source.warnings.push_back(std::to_string(lost) +
                                  " events were overwritten in the ring buffer (entries-written exceeds "
                                  "entries-in-buffer): the oldest part of each CPU's stream is missing");
    }
    if (events.malformed() > 0) {
        std::string w = std::to_string(events.malformed()) + " lines could not be read and were skipped";
        for (const std::string& n : events.malformedNotes())
            w += "; " + n;
        source.warnings.push_back(w);
    }
    if (!truncatedNote.empty())
        source.warnings.push_back(truncatedNote);
    for (std::string& w : readerWarnings)
        source.warnings.push_back(std::move(w));
    TraceImporter importer(strings, options.latencyStart, sink);
    importer.setObserver(options.observer);
    events.replay(importer, source, options.events);
    TraceFileResult r;
    r.ok = true;
    r.summary = importer.finish(name, std::move(source));
    r.origin = importer.origin();
    r.cgroupPaths = importer.cgroupPaths();
    return r;
}

/// A Perfetto trace read from a file or from memory: its events, then the importer.
template <class Read>
TraceFileResult finishPerfetto(const std::string& name, TraceSink* sink, const TraceFileOptions& options,
                               Read read) {
    StringTable strings;
    EventCollector events(name, strings);
    PerfettoReadResult got = read(strings, [&](const TraceEvent& ev) { events.add(ev); });
    if (!got.error.empty()) {
        TraceFileResult r = fail(got.error);
        r.cancelled = got.error.ends_with("cancelled");
        return r;
    }
    TraceFileResult r =
        finishText(events, strings, name, {}, sink, options, "perfetto", std::move(got.warnings));
    if (r.ok)
        r.counters =
            counterTracksOf(got.counters, r.summary, r.cgroupPaths, r.origin, r.summary.trace->warnings);
    if (options.progress)
        options.progress(1.0);
    return r;
}

/// perf.data, alone or in a record folder (whose task attributes join its events).
TraceFileResult finishPerfData(const std::string& path, const std::string& name, TraceSink* sink,
                               const TraceFileOptions& options, std::shared_ptr<const RecordFolder> folder) {
    StringTable strings;
    EventCollector events(name, strings);
    PerfDataInfo info;
    const std::string error = readPerfData(
        path, strings, [&](const TraceEvent& ev) { events.add(ev); }, options.progress, info);
    if (!error.empty()) {
        TraceFileResult r = fail(error);
        r.cancelled = error.ends_with("cancelled");
        return r;
    }
    std::vector<std::string> warnings = std::move(info.warnings);
    if (folder) {
        for (const TraceEvent& ev : attributeEvents(*folder, strings))
            events.add(ev);
        for (const std::string& n : folder->notes)
            warnings.push_back("record: " + n);
    }
    TraceFileResult r =
        finishText(events, strings, name, {}, sink, options, "perf.data", std::move(warnings));
    if (r.ok) {
        r.kernelRelease = folder ? folder->kernelRelease : info.osRelease;
        r.record = std::move(folder);
    }
    if (options.progress)
        options.progress(1.0);
    return r;
}

} // namespace

bool looksLikeTrace(std::string_view head) {
    if (head.substr(0, kTraceDatMagic.size()) == kTraceDatMagic || looksLikePerfData(head))
        return true;
    if (looksLikePerfettoTrace(head))
        return true;
    if (head.find("# tracer:") != std::string_view::npos || head.rfind("cpus=", 0) == 0)
        return true;
    // A text line with a "[CPU]" and a sched tracepoint name.
    return head.find(" [") != std::string_view::npos &&
           (head.find("sched_switch") != std::string_view::npos ||
            head.find("sched_wak") != std::string_view::npos ||
            head.find("sched:") != std::string_view::npos);
}

TraceFileResult importTraceText(std::string_view text, const std::string& name, TraceSink* sink,
                                const TraceFileOptions& options) {
    if (looksLikePerfettoTrace(text.substr(0, 4096)))
        return finishPerfetto(name, sink, options, [&](StringTable& strings, const auto& add) {
            return readPerfettoBytes(text, name, strings, add);
        });
    StringTable strings;
    EventCollector events(name, strings);
    LineSplitter lines(events);
    lines.feed(text);
    const std::string truncated = lines.finish();
    return finishText(events, strings, name, truncated, sink, options);
}

TraceFileResult importTraceFile(const std::string& path, TraceSink* sink, const TraceFileOptions& options) {
    if (isRecordFolder(path)) {
        std::string error;
        auto folder = readRecordFolder(path, error);
        if (!folder)
            return fail(error);
        auto shared = std::make_shared<const RecordFolder>(std::move(*folder));
        std::string name = shared->dir;
        return finishPerfData(shared->path(kRecordPerfData), baseName(name), sink, options, shared);
    }
    if (std::error_code ec; std::filesystem::is_directory(path, ec))
        return fail(path + ": expected a trace file or a record folder (one with " + kRecordManifest +
                    "), found a folder without it");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail(path + ": cannot open the file for reading");
    in.seekg(0, std::ios::end);
    const auto size = static_cast<double>(std::max<std::streamoff>(in.tellg(), 1));
    in.seekg(0);
    char head[4096] = {};
    in.read(head, sizeof head);
    const std::string_view magic(head, static_cast<size_t>(in.gcount()));
    if (looksLikePerfettoTrace(magic)) {
        in.close();
        return finishPerfetto(baseName(path), sink, options, [&](StringTable& strings, const auto& add) {
            return readPerfettoTrace(path, strings, add, options.progress);
        });
    }
    if (magic.substr(0, kTraceDatMagic.size()) == kTraceDatMagic) {
        in.close();
        StringTable strings;
        EventCollector events(baseName(path), strings);
        const std::string error = readTraceDat(
            path, strings, [&](const TraceEvent& ev) { events.add(ev); }, options.progress);
        if (!error.empty()) {
            TraceFileResult r = fail(error);
            r.cancelled = error.ends_with("cancelled");
            return r;
        }
        TraceFileResult r = finishText(events, strings, baseName(path), {}, sink, options, "trace.dat");
        if (options.progress)
            options.progress(1.0);
        return r;
    }
    if (looksLikePerfData(magic)) {
        in.close();
        return finishPerfData(path, baseName(path), sink, options, nullptr);
    }
    if (magic.substr(0, 16).find('\0') != std::string_view::npos)
        return fail(
            path +
            ": expected a text trace (ftrace, trace-cmd report, perf script), a trace.dat, a perf.data or a "
            "Perfetto trace, found binary data");
    in.clear(); // a file shorter than the head ended that read: start again from its first byte
    in.seekg(0);
    StringTable strings;
    const std::string name = baseName(path);
    EventCollector events(name, strings);
    // A scheduler event takes 100 to 200 bytes of text; guess low, growth handles the rest.
    events.reserve(static_cast<size_t>(size / 110));
    LineSplitter lines(events);
    std::vector<char> buffer(8u << 20);
    double done = 0;
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const auto got = static_cast<size_t>(in.gcount());
        if (got == 0)
            break;
        lines.feed(std::string_view(buffer.data(), got));
        done += static_cast<double>(got);
        if (options.progress && !options.progress(0.9 * done / size)) {
            TraceFileResult r;
            r.cancelled = true;
            r.error = path + ": import cancelled";
            return r;
        }
    }
    if (in.bad())
        return fail(path + ": read error after " + std::to_string(static_cast<uint64_t>(done)) + " bytes");
    const std::string truncated = lines.finish();
    TraceFileResult r = finishText(events, strings, name, truncated, sink, options);
    if (options.progress)
        options.progress(1.0);
    return r;
}

} // namespace core
