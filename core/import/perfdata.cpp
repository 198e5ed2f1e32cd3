#include "import/perfdata.h"

#include "import/schedtracepoint.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <unordered_map>

namespace core {

namespace {

// The layout is tools/perf/Documentation/perf.data-file-format.txt and include/uapi/linux/
// perf_event.h; the values below are the ones this reader needs.
constexpr std::string_view kMagic("PERFILE2", 8);
constexpr std::string_view kMagicSwapped("2ELIFREP", 8);
constexpr uint64_t kFileHeaderSize = 104; ///< magic, size, attr_size, 3 sections, 256 feature bits

enum SampleType : uint64_t {
    kIp = 1u << 0,
    kTid = 1u << 1,
    kTime = 1u << 2,
    kAddr = 1u << 3,
    kRead = 1u << 4,
    kCallchain = 1u << 5,
    kId = 1u << 6,
    kCpu = 1u << 7,
    kPeriod = 1u << 8,
    kStreamId = 1u << 9,
    kRaw = 1u << 10,
    kIdentifier = 1u << 16,
};
enum ReadFormat : uint64_t { kTimeEnabled = 1, kTimeRunning = 2, kReadId = 4, kGroup = 8, kReadLost = 16 };
enum RecordType : uint32_t {
    kRecordLost = 2,
    kRecordComm = 3,
    kRecordSample = 9,
    kRecordLostSamples = 13,
    kRecordCompressed = 81,
};
constexpr uint32_t kTypeTracepoint = 2;
constexpr uint64_t kSampleIdAllBit = 1ull << 18; ///< perf_event_attr's sample_id_all
enum Feature : int {
    kTracingData = 1,
    kHostname = 3,
    kOsRelease = 4,
    kVersion = 5,
    kNrCpus = 7,
    kCmdline = 11
};

/// A bounds-checked little-endian reader over bytes; a read past the end sets `ok` false and
/// reads zeros.
class Bytes {
public:
    Bytes(const char* data, size_t size)
        : m_p(data)
        , m_n(size) {}
    template <class T>
    T get() {
        T v{};
        if (m_at + sizeof(T) > m_n) {
            m_ok = false;
            m_at = m_n;
            return v;
        }
        std::memcpy(&v, m_p + m_at, sizeof(T));
        m_at += sizeof(T);
        return v;
    }
    uint64_t u64() { return get<uint64_t>(); }
    uint32_t u32() { return get<uint32_t>(); }
    std::string_view take(size_t n) {
        if (n > m_n - m_at) {
            m_ok = false;
            m_at = m_n;
            return {};
        }
        std::string_view s(m_p + m_at, n);
        m_at += n;
        return s;
    }
    void skip(uint64_t n) { take(n > m_n ? m_n + 1 : static_cast<size_t>(n)); }
    /// Up to (and past) the next NUL.
    std::string_view cstring() {
        const void* nul = m_at < m_n ? std::memchr(m_p + m_at, 0, m_n - m_at) : nullptr;
        if (!nul) {
            m_ok = false;
            m_at = m_n;
            return {};
        }
        const size_t len = static_cast<size_t>(static_cast<const char*>(nul) - (m_p + m_at));
        std::string_view s(m_p + m_at, len);
        m_at += len + 1;
        return s;
    }
    bool ok() const { return m_ok; }
    size_t at() const { return m_at; }

private:
    const char* m_p;
    size_t m_n;
    size_t m_at = 0;
    bool m_ok = true;
};

std::string_view untilNul(std::string_view s) {
    const size_t nul = s.find('\0');
    return nul == std::string_view::npos ? s : s.substr(0, nul);
}

/// One field of a tracepoint's format file ("field:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;").
struct Field {
    std::string name;
    uint32_t offset = 0, size = 0;
    bool isSigned = false;
    enum class Loc : uint8_t { Inline, DataLoc, RelLoc } loc = Loc::Inline;
};

struct Format {
    std::string name;
    std::vector<Field> fields;
    const Field* find(std::string_view name) const {
        for (const Field& f : fields)
            if (f.name == name)
                return &f;
        return nullptr;
    }
};

/// An unsigned field of type U at `p`, sign-extended as S when the format says it is signed.
template <class U, class S>
long long fieldValue(const char* p, bool isSigned) {
    U v;
    std::memcpy(&v, p, sizeof v);
    return isSigned ? static_cast<long long>(static_cast<S>(v)) : static_cast<long long>(v);
}

long long numberAt(std::string_view raw, const Field& f, bool& ok) {
    ok = f.offset + uint64_t{f.size} <= raw.size();
    if (!ok)
        return 0;
    const char* p = raw.data() + f.offset;
    switch (f.size) {
    case 1:
        return fieldValue<uint8_t, int8_t>(p, f.isSigned);
    case 2:
        return fieldValue<uint16_t, int16_t>(p, f.isSigned);
    case 4:
        return fieldValue<uint32_t, int32_t>(p, f.isSigned);
    case 8:
        return fieldValue<uint64_t, int64_t>(p, f.isSigned);
    default:
        ok = false;
        return 0;
    }
}

/// A sample's raw tracepoint record, its fields read through its format.
class RawFields final : public TracepointFields {
public:
    RawFields(const Format& format, std::string_view raw)
        : m_format(format)
        , m_raw(raw) {}
    std::optional<long long> number(const char* name) const override {
        const Field* f = m_format.find(name);
        if (!f || f->loc != Field::Loc::Inline)
            return std::nullopt;
        bool ok = false;
        const long long v = numberAt(m_raw, *f, ok);
        return ok ? std::optional<long long>(v) : std::nullopt;
    }
    std::string_view text(const char* name) const override {
        const Field* f = m_format.find(name);
        if (!f)
            return {};
        if (f->loc == Field::Loc::Inline)
            return f->offset + uint64_t{f->size} <= m_raw.size() ? untilNul(m_raw.substr(f->offset, f->size))
                                                                 : std::string_view();
        // __data_loc: a u32 whose low half is the offset and high half the length;
        // __rel_loc: the offset counts from the end of the field.
        if (f->offset + 4ull > m_raw.size())
            return {};
        uint32_t v;
        std::memcpy(&v, m_raw.data() + f->offset, 4);
        uint64_t at = v & 0xffffu;
        const uint64_t len = v >> 16;
        if (f->loc == Field::Loc::RelLoc)
            at += f->offset + uint64_t{f->size};
        if (at + len > m_raw.size())
            return {};
        return untilNul(m_raw.substr(at, len));
    }

private:
    const Format& m_format;
    std::string_view m_raw;
};

/// Parses one event's format text (events/SYSTEM/EVENT/format); nullopt when it has no ID.
std::optional<std::pair<uint64_t, Format>> parseFormat(std::string_view text) {
    Format f;
    std::optional<uint64_t> id;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        if (line.rfind("name: ", 0) == 0) {
            f.name = std::string(line.substr(6));
        } else if (line.rfind("ID: ", 0) == 0) {
            id = std::strtoull(std::string(line.substr(4)).c_str(), nullptr, 10);
        } else if (line.rfind("field:", 0) == 0) {
            Field field;
            std::string_view decl = line.substr(6, line.find(';') - 6);
            if (decl.rfind("__data_loc ", 0) == 0)
                field.loc = Field::Loc::DataLoc;
            else if (decl.rfind("__rel_loc ", 0) == 0)
                field.loc = Field::Loc::RelLoc;
            if (const size_t bracket = decl.find('['); bracket != std::string_view::npos)
                decl = decl.substr(0, bracket);
            while (!decl.empty() && decl.back() == ' ')
                decl.remove_suffix(1);
            const size_t space = decl.find_last_of(" *");
            field.name = std::string(space == std::string_view::npos ? decl : decl.substr(space + 1));
            auto value = [&](std::string_view key) -> long long {
                const size_t at = line.find(key);
                return at == std::string_view::npos
                           ? -1
                           : std::strtoll(std::string(line.substr(at + key.size())).c_str(), nullptr, 10);
            };
            const long long offset = value("offset:"), size = value("size:");
            if (offset < 0 || size < 0 || offset > 65535 || size > 65535)
                continue;
            field.offset = static_cast<uint32_t>(offset);
            field.size = static_cast<uint32_t>(size);
            field.isSigned = value("signed:") == 1;
            f.fields.push_back(std::move(field));
        }
    }
    if (!id)
        return std::nullopt;
    return std::make_pair(*id, std::move(f));
}

struct Attr {
    uint32_t type = 0;
    uint64_t config = 0, sampleType = 0, readFormat = 0;
    bool sampleIdAll = false;
    const Format* format = nullptr;
};

/// A COMM record: from `time` on, thread `tid` is named `comm`.
struct CommChange {
    int64_t time;
    uint32_t order;
    int32_t tid;
    uint32_t comm;
};

class Reader {
public:
    Reader(const std::string& path, StringTable& strings, PerfDataInfo& info)
        : m_path(path)
        , m_strings(strings)
        , m_info(info) {}

    std::string read(const std::function<void(const TraceEvent&)>& add,
                     const std::function<bool(double)>& progress);

private:
    std::string at(uint64_t offset, const std::string& what) const {
        return m_path + ": byte " + std::to_string(offset) + ": " + what;
    }
    bool readAt(uint64_t offset, uint64_t size, std::string& out);
    std::string header();
    std::string attributes();
    std::string features();
    std::string tracingData(const std::string& bytes, uint64_t offset);
    std::string data(const std::function<bool(double)>& progress);
    void record(const char* rec, uint32_t type, uint16_t size, uint64_t offset);
    /// The attribute a record belongs to, from its id (first or last word of the record).
    const Attr* attrOf(const char* body, size_t size, bool isSample) const;
    /// The sample_id trailer of a non-sample record: its time and CPU (-1 when not recorded).
    void trailer(const Attr& a, const char* body, size_t size, int64_t& time, int32_t& cpu) const;
    void malformed(uint64_t offset, const std::string& what) {
        if (m_malformed++ == 0)
            m_firstMalformed = at(offset, what);
    }

    std::string m_path;
    StringTable& m_strings;
    PerfDataInfo& m_info;
    std::ifstream m_in;
    uint64_t m_fileSize = 0;
    uint64_t m_attrSize = 0, m_attrsOffset = 0, m_attrsSize = 0, m_dataOffset = 0, m_dataSize = 0;
    uint64_t m_features[4] = {};
    std::vector<Attr> m_attrs;
    std::unordered_map<uint64_t, size_t> m_byId;
    std::map<uint64_t, Format> m_formats;
    bool m_sameSampleType = true;
    bool m_sameTrailer = true; ///< every attribute's sample_id trailer has the same layout
    std::vector<TraceEvent> m_events;
    /// LOST records without a time, and whether each is a LOST_SAMPLES one.
    std::vector<std::pair<TraceEvent, bool>> m_untimedLost;
    std::vector<CommChange> m_comms;
    uint32_t m_records = 0;
    uint64_t m_malformed = 0, m_unknownIds = 0, m_noFormat = 0;
    std::string m_firstMalformed;
};

bool Reader::readAt(uint64_t offset, uint64_t size, std::string& out) {
    if (offset > m_fileSize || size > m_fileSize - offset)
        return false;
    out.resize(static_cast<size_t>(size));
    m_in.clear();
    m_in.seekg(static_cast<std::streamoff>(offset));
    m_in.read(out.data(), static_cast<std::streamsize>(size));
    return static_cast<uint64_t>(m_in.gcount()) == size;
}

std::string Reader::header() {
    std::string h;
    if (!readAt(0, 16, h) || h.substr(0, 8) != kMagic) {
        if (h.substr(0, 8) == kMagicSwapped)
            return at(0, "expected a little-endian perf.data, found one written on a big-endian machine");
        return at(0, "expected perf.data's magic \"PERFILE2\", found " + std::to_string(h.size()) +
                         " other bytes");
    }
    Bytes b(h.data() + 8, 8);
    const uint64_t size = b.u64();
    if (size == 16)
        return at(8, "expected a perf.data file's header, found the stream header of `perf record -o -` (a "
                     "pipe): record to a file instead");
    if (size < kFileHeaderSize || !readAt(0, kFileHeaderSize, h))
        return at(8, "expected a header of at least " + std::to_string(kFileHeaderSize) + " bytes, found " +
                         std::to_string(size) + " (the file has " + std::to_string(m_fileSize) + ")");
    Bytes f(h.data() + 16, h.size() - 16);
    m_attrSize = f.u64();
    m_attrsOffset = f.u64();
    m_attrsSize = f.u64();
    m_dataOffset = f.u64();
    m_dataSize = f.u64();
    f.u64(); // event_types, unused since 2013
    f.u64();
    for (uint64_t& w : m_features)
        w = f.u64();
    return {};
}

std::string Reader::attributes() {
    if (m_attrSize < 64 || m_attrsSize % m_attrSize != 0)
        return at(16, "expected attributes of at least 64 bytes that divide their section, found " +
                          std::to_string(m_attrSize) + " and a section of " + std::to_string(m_attrsSize));
    std::string all;
    if (!readAt(m_attrsOffset, m_attrsSize, all))
        return at(m_attrsOffset, "expected " + std::to_string(m_attrsSize) +
                                     " bytes of event attributes, found the end of the file");
    for (uint64_t i = 0; i < m_attrsSize / m_attrSize; ++i) {
        Bytes b(all.data() + i * m_attrSize, static_cast<size_t>(m_attrSize));
        Attr a;
        a.type = b.u32();
        b.u32(); // the attribute's own size
        a.config = b.u64();
        b.u64(); // sample_period
        a.sampleType = b.u64();
        a.readFormat = b.u64();
        a.sampleIdAll = (b.u64() & kSampleIdAllBit) != 0;
        // The attribute is followed by a section listing its sample ids.
        Bytes ids(all.data() + (i + 1) * m_attrSize - 16, 16);
        const uint64_t idsOffset = ids.u64(), idsSize = ids.u64();
        std::string idBytes;
        if (idsSize % 8 != 0 || !readAt(idsOffset, idsSize, idBytes))
            return at(m_attrsOffset + i * m_attrSize,
                      "expected the event's list of sample ids, found a section outside the file");
        Bytes list(idBytes.data(), idBytes.size());
        for (uint64_t k = 0; k < idsSize / 8; ++k)
            m_byId.emplace(list.u64(), m_attrs.size());
        if (!m_attrs.empty() && a.sampleType != m_attrs.front().sampleType)
            m_sameSampleType = false;
        constexpr uint64_t kTrailer = kTid | kTime | kId | kStreamId | kCpu | kIdentifier;
        if (!m_attrs.empty() && ((a.sampleType ^ m_attrs.front().sampleType) & kTrailer ||
                                 a.sampleIdAll != m_attrs.front().sampleIdAll))
            m_sameTrailer = false;
        m_attrs.push_back(a);
    }
    if (m_attrs.empty())
        return at(m_attrsOffset, "expected at least one recorded event, found none");
    if (!m_sameSampleType)
        for (const Attr& a : m_attrs)
            if (!(a.sampleType & kIdentifier))
                return at(
                    m_attrsOffset,
                    "expected events that all record PERF_SAMPLE_IDENTIFIER when their sample types differ, "
                    "found one without it");
    return {};
}

std::string Reader::features() {
    if (m_dataSize == 0)
        return at(40,
                  "expected the size of the data section, found 0: the file was not finished (perf record "
                  "was killed before writing its header), so it has no tracepoint formats to read it by");
    uint64_t offset = m_dataOffset + m_dataSize;
    for (int bit = 0; bit < 256; ++bit) {
        if (!(m_features[bit / 64] >> (bit % 64) & 1))
            continue;
        std::string s;
        if (!readAt(offset, 16, s))
            return at(offset, "expected the section of header feature " + std::to_string(bit) +
                                  ", found the end of the file");
        offset += 16;
        Bytes b(s.data(), s.size());
        const uint64_t from = b.u64(), size = b.u64();
        std::string content;
        if (bit != kTracingData && bit != kHostname && bit != kOsRelease && bit != kVersion &&
            bit != kNrCpus && bit != kCmdline)
            continue;
        if (!readAt(from, size, content))
            return at(offset - 16, "expected header feature " + std::to_string(bit) + " at byte " +
                                       std::to_string(from) + ", found a section outside the file");
        Bytes c(content.data(), content.size());
        // A perf string: a u32 length (with NUL padding) and the bytes.
        auto string = [&c] { return std::string(untilNul(c.take(c.u32()))); };
        switch (bit) {
        case kTracingData:
            if (std::string e = tracingData(content, from); !e.empty())
                return e;
            break;
        case kHostname:
            m_info.hostname = string();
            break;
        case kOsRelease:
            m_info.osRelease = string();
            break;
        case kVersion:
            m_info.perfVersion = string();
            break;
        case kNrCpus:
            c.u32(); // available
            m_info.cpusOnline = c.u32();
            break;
        case kCmdline:
            for (uint32_t n = c.u32(), i = 0; i < n && c.ok(); ++i)
                m_info.commandLine += (i ? " " : "") + string();
            break;
        default:
            break;
        }
    }
    if (m_formats.empty())
        return at(40, "expected the tracepoints' formats (header feature TRACING_DATA), found none: not a "
                      "recording of tracepoints");
    return {};
}

std::string Reader::tracingData(const std::string& bytes, uint64_t offset) {
    // tools/perf/util/trace-event-read.c: magic, version, endianness, long and page size, the
    // ftrace header files, ftrace's own formats, then each system's event formats.
    Bytes b(bytes.data(), bytes.size());
    if (b.take(10) != std::string_view("\x17\x08\x44tracing", 10))
        return at(offset, "expected the tracing data's magic \"\\x17\\x08Dtracing\", found other bytes");
    b.cstring(); // version
    if (b.get<uint8_t>() != 0)
        return at(offset, "expected little-endian tracing data, found big-endian");
    b.get<uint8_t>(); // long size
    b.u32();          // page size
    if (b.take(12) != std::string_view("header_page\0", 12))
        return at(offset + b.at(), "expected \"header_page\", found other bytes");
    b.skip(b.u64());
    if (b.take(13) != std::string_view("header_event\0", 13))
        return at(offset + b.at(), "expected \"header_event\", found other bytes");
    b.skip(b.u64());
    for (uint32_t n = b.u32(), i = 0; i < n && b.ok(); ++i)
        b.skip(b.u64()); // ftrace's own events
    for (uint32_t systems = b.u32(), s = 0; s < systems && b.ok(); ++s) {
        b.cstring();
        for (uint32_t n = b.u32(), i = 0; i < n && b.ok(); ++i) {
            const uint64_t size = b.u64();
            const std::string_view text =
                b.take(size > bytes.size() ? bytes.size() + 1 : static_cast<size_t>(size));
            if (auto f = parseFormat(text))
                m_formats[f->first] = std::move(f->second);
        }
    }
    if (!b.ok())
        return at(offset + b.at(), "expected the tracepoints' formats, found the end of the tracing data");
    return {};
}

const Attr* Reader::attrOf(const char* body, size_t size, bool isSample) const {
    if (m_attrs.size() == 1)
        return &m_attrs.front();
    const uint64_t st = m_attrs.front().sampleType;
    std::optional<uint64_t> id;
    if (st & kIdentifier) {
        if (size >= 8) {
            uint64_t v;
            std::memcpy(&v, isSample ? body : body + size - 8, 8);
            id = v;
        }
    } else if (st & kId) {
        // Every attribute has the same layout here (checked in attributes()).
        size_t words;
        if (isSample)
            words = ((st & kIp) != 0) + ((st & kTid) != 0) + ((st & kTime) != 0) + ((st & kAddr) != 0);
        else
            words = 0;
        const size_t fromEnd = 1 + ((st & kStreamId) != 0) + ((st & kCpu) != 0);
        const size_t pos = isSample ? words * 8 : size - fromEnd * 8;
        if ((isSample && pos + 8 <= size) || (!isSample && size >= fromEnd * 8)) {
            uint64_t v;
            std::memcpy(&v, body + pos, 8);
            id = v;
        }
    }
    if (!id)
        return &m_attrs.front();
    const auto it = m_byId.find(*id);
    return it == m_byId.end() ? nullptr : &m_attrs[it->second];
}

void Reader::trailer(const Attr& a, const char* body, size_t size, int64_t& time, int32_t& cpu) const {
    time = 0;
    cpu = -1;
    if (!a.sampleIdAll)
        return;
    const uint64_t st = a.sampleType;
    const size_t words = ((st & kTid) != 0) + ((st & kTime) != 0) + ((st & kId) != 0) +
                         ((st & kStreamId) != 0) + ((st & kCpu) != 0) + ((st & kIdentifier) != 0);
    if (size < words * 8)
        return;
    Bytes b(body + size - words * 8, words * 8);
    if (st & kTid)
        b.u64();
    if (st & kTime)
        time = static_cast<int64_t>(b.u64());
    if (st & kId)
        b.u64();
    if (st & kStreamId)
        b.u64();
    if (st & kCpu)
        cpu = static_cast<int32_t>(b.u32());
}

void Reader::record(const char* rec, uint32_t type, uint16_t size, uint64_t offset) {
    ++m_records;
    const char* body = rec + 8;
    const size_t len = size - 8u;
    if (type == kRecordCompressed) {
        malformed(offset, "expected an uncompressed record, found PERF_RECORD_COMPRESSED (perf record -z): "
                          "decompress with `perf inject -i IN -o OUT` first");
        return;
    }
    if (type != kRecordSample && type != kRecordComm && type != kRecordLost && type != kRecordLostSamples)
        return; // mmaps, forks, exits, finished rounds, ...: nothing a scheduler import needs
    const Attr* a = attrOf(body, len, type == kRecordSample);
    if (!a && type != kRecordSample && m_sameTrailer)
        a = &m_attrs.front(); // perf's own records at the start carry a zero id; the layout is one
    if (!a) {
        ++m_unknownIds;
        return;
    }
    if (type == kRecordComm) {
        Bytes b(body, len);
        b.u32(); // pid
        const auto tid = static_cast<int32_t>(b.u32());
        const std::string_view comm = b.cstring();
        if (!b.ok())
            return malformed(offset, "expected a COMM record's pid, tid and name, found " +
                                         std::to_string(len) + " bytes");
        int64_t time;
        int32_t cpu;
        trailer(*a, body, len, time, cpu);
        m_comms.push_back({time, m_records, tid, m_strings.intern(comm)});
        return;
    }
    if (type == kRecordLost || type == kRecordLostSamples) {
        Bytes b(body, len);
        if (type == kRecordLost)
            b.u64(); // the id of the event that lost them
        TraceEvent ev;
        ev.type = TraceEventType::Lost;
        ev.lost = b.u64();
        ev.line = m_records;
        if (!b.ok())
            return malformed(offset,
                             "expected a LOST record's count, found " + std::to_string(len) + " bytes");
        trailer(*a, body, len, ev.time, ev.cpu);
        if (ev.lost == 0)
            return;
        if (ev.time <= 0) // no time: perf's totals, written after the recording (read())
            m_untimedLost.push_back({ev, type == kRecordLostSamples});
        else
            m_events.push_back(ev);
        return;
    }
    const uint64_t st = a->sampleType;
    Bytes b(body, len);
    if (st & kIdentifier)
        b.u64();
    if (st & kIp)
        b.u64();
    int32_t tgid = -1; // the thread group: PERF_SAMPLE_TID's pid (the tid follows it)
    if (st & kTid)
        tgid = static_cast<int32_t>(static_cast<uint32_t>(b.u64()));
    const int64_t time = (st & kTime) ? static_cast<int64_t>(b.u64()) : 0;
    if (st & kAddr)
        b.u64();
    if (st & kId)
        b.u64();
    if (st & kStreamId)
        b.u64();
    const int32_t cpu = (st & kCpu) ? static_cast<int32_t>(b.u32()) : -1;
    if (st & kCpu)
        b.u32();
    if (st & kPeriod)
        b.u64();
    if (st & kRead) {
        const uint64_t rf = a->readFormat;
        const uint64_t per = 1 + ((rf & kReadId) != 0) + ((rf & kReadLost) != 0);
        if (rf & kGroup) {
            const uint64_t nr = b.u64();
            b.skip(8 * (((rf & kTimeEnabled) != 0) + ((rf & kTimeRunning) != 0)));
            b.skip(nr > len ? uint64_t{len} + 1 : 8 * nr * per);
        } else {
            b.skip(8 * (per + ((rf & kTimeEnabled) != 0) + ((rf & kTimeRunning) != 0)));
        }
    }
    if (st & kCallchain) {
        const uint64_t nr = b.u64();
        b.skip(nr > len ? uint64_t{len} + 1 : 8 * nr);
    }
    if (!(st & kRaw) || a->type != kTypeTracepoint)
        return; // not a tracepoint's sample
    const std::string_view raw = b.take(b.u32());
    if (!b.ok())
        return malformed(offset, "expected a sample of " + std::to_string(len) +
                                     " bytes to hold its fields, found "
                                     "fewer");
    if (!a->format) {
        ++m_noFormat;
        return;
    }
    const RawFields fields(*a->format, raw);
    TraceEvent ev;
    ev.time = time;
    ev.cpu = cpu;
    ev.line = m_records;
    ev.pid = static_cast<int32_t>(fields.number("common_pid").value_or(-1));
    ev.irq = irqContext(static_cast<unsigned long long>(fields.number("common_flags").value_or(0)));
    decodeSchedTracepoint(a->format->name, fields, m_strings, ev);
    if (ev.type == TraceEventType::CallEnter)
        ev.c = tgid; // threads share their file descriptors (import/traceevent.h)
    ++m_info.samples;
    m_events.push_back(ev);
}

std::string Reader::data(const std::function<bool(double)>& progress) {
    const uint64_t end = std::min(m_fileSize, m_dataOffset + m_dataSize);
    if (m_dataOffset + m_dataSize > m_fileSize)
        m_info.warnings.push_back("the file ends " + std::to_string(m_dataOffset + m_dataSize - m_fileSize) +
                                  " bytes before its data section does (cut short?): read to its end");
    std::string buffer;
    uint64_t pos = m_dataOffset;
    const double total = static_cast<double>(std::max<uint64_t>(end - m_dataOffset, 1));
    constexpr uint64_t kChunk = 8u << 20;
    while (pos < end) {
        std::string chunk;
        const uint64_t n = std::min(kChunk, end - pos);
        if (!readAt(pos, n, chunk))
            return at(pos, "expected " + std::to_string(n) + " bytes of records, found a read error");
        // Whole records of this chunk; a record cut by the chunk's end is read with the next.
        size_t i = 0;
        while (i + 8 <= chunk.size()) {
            uint32_t type;
            uint16_t size;
            std::memcpy(&type, chunk.data() + i, 4);
            std::memcpy(&size, chunk.data() + i + 6, 2);
            if (size < 8) {
                m_info.warnings.push_back(at(pos + i, "expected a record of at least 8 bytes, found one of " +
                                                          std::to_string(size) + ": the rest of the data (" +
                                                          std::to_string(end - pos - i) +
                                                          " bytes) is not read"));
                return {};
            }
            if (i + size > chunk.size())
                break;
            record(chunk.data() + i, type, size, pos + i);
            i += size;
        }
        if (i == 0 && chunk.size() >= 8 && pos + chunk.size() >= end) {
            m_info.warnings.push_back(at(pos, "the last record is cut short (" +
                                                  std::to_string(chunk.size()) + " bytes left): skipped"));
            break;
        }
        if (i == 0 && chunk.size() < 8)
            break;
        pos += i;
        if (progress && !progress(0.8 * static_cast<double>(pos - m_dataOffset) / total))
            return m_path + ": import cancelled";
    }
    return {};
}

std::string Reader::read(const std::function<void(const TraceEvent&)>& add,
                         const std::function<bool(double)>& progress) {
    m_in.open(m_path, std::ios::binary);
    if (!m_in)
        return m_path + ": cannot open the file for reading";
    m_in.seekg(0, std::ios::end);
    m_fileSize = static_cast<uint64_t>(std::max<std::streamoff>(m_in.tellg(), 0));
    for (auto step : {&Reader::header, &Reader::attributes, &Reader::features})
        if (std::string e = (this->*step)(); !e.empty())
            return e;
    for (Attr& a : m_attrs)
        if (a.type == kTypeTracepoint)
            if (auto it = m_formats.find(a.config); it != m_formats.end())
                a.format = &it->second;
    if (std::string e = data(progress); !e.empty())
        return e;
    // perf record writes LOST_SAMPLES records at the end with each event's count of samples lost
    // and no time: they repeat the kernel's LOST records (each with its time), so they count only
    // where the file has none; placed at the end of the recording, where perf wrote them.
    const bool timedLost = std::any_of(m_events.begin(), m_events.end(),
                                       [](const TraceEvent& e) { return e.type == TraceEventType::Lost; });
    int64_t last = 0;
    for (const TraceEvent& e : m_events)
        last = std::max(last, e.time);
    for (auto& [ev, samples] : m_untimedLost) {
        if (samples && timedLost)
            continue;
        ev.time = last;
        m_events.push_back(ev);
    }
    if (m_malformed > 0)
        m_info.warnings.push_back(std::to_string(m_malformed) +
                                  " records could not be read and were skipped (first: " + m_firstMalformed +
                                  ")");
    if (m_unknownIds > 0)
        m_info.warnings.push_back(std::to_string(m_unknownIds) +
                                  " records name an event id no attribute lists: skipped");
    if (m_noFormat > 0)
        m_info.warnings.push_back(std::to_string(m_noFormat) +
                                  " tracepoint samples of an event whose format the file lacks: skipped");
    // Records come per CPU buffer, not in time order: sorted here (file order within a
    // nanosecond), the COMM records with them, so each event names the task that recorded it as
    // it was named then.
    auto byTime = [](const auto& x, const auto& y) {
        return x.time != y.time ? x.time < y.time : x.order < y.order;
    };
    std::stable_sort(m_events.begin(), m_events.end(), [](const TraceEvent& x, const TraceEvent& y) {
        return x.time != y.time ? x.time < y.time : x.line < y.line;
    });
    std::stable_sort(m_comms.begin(), m_comms.end(), byTime);
    std::unordered_map<int32_t, uint32_t> names;
    size_t c = 0;
    for (TraceEvent& ev : m_events) {
        for (; c < m_comms.size() &&
               (m_comms[c].time < ev.time || (m_comms[c].time == ev.time && m_comms[c].order < ev.line));
             ++c)
            names[m_comms[c].tid] = m_comms[c].comm;
        if (ev.pid > 0)
            if (auto it = names.find(ev.pid); it != names.end())
                ev.current = it->second;
        add(ev);
    }
    if (progress)
        progress(0.9);
    return {};
}

} // namespace

bool looksLikePerfData(std::string_view head) {
    return head.substr(0, kMagic.size()) == kMagic;
}

std::string readPerfData(const std::string& path, StringTable& strings,
                         const std::function<void(const TraceEvent&)>& add,
                         const std::function<bool(double)>& progress, PerfDataInfo& info) {
    Reader reader(path, strings, info);
    return reader.read(add, progress);
}

} // namespace core
