#pragma once

// Protocol Buffers' wire format, the part a Perfetto trace needs (docs/traces.md, "Perfetto's
// own format"): varints, 64- and 32-bit fixed values, and length-delimited fields (bytes,
// strings, nested messages, packed repeated varints). Hand-written rather than generated: the
// writer appends straight into one buffer and the reader walks a byte range without copying.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace core::proto {

enum class WireType : uint8_t { Varint = 0, Fixed64 = 1, Bytes = 2, Fixed32 = 5 };

/// Appends fields to a byte string. A nested message reserves a four-byte length, filled in
/// when it ends, so nothing is encoded twice: one shorter than 128 bytes then takes one byte
/// (its bytes move back by three), a longer one keeps four (a varint padded with continuation
/// bytes, which every protobuf reader accepts). A nested message is limited to 2^28 - 1 bytes.
/// Marks are a stack: end the innermost open message first.
class Writer {
public:
    void varint(uint32_t field, uint64_t value);
    /// An int32/int64 field: a negative value is its 64-bit two's complement, as protobuf has it.
    void int64(uint32_t field, int64_t value) { varint(field, static_cast<uint64_t>(value)); }
    void fixed64(uint32_t field, uint64_t value);
    void doubleValue(uint32_t field, double value);
    void bytes(uint32_t field, std::string_view value);
    /// Starts a nested message (or a packed field); returns the mark endNested wants.
    size_t beginNested(uint32_t field);
    void endNested(size_t mark);
    /// A raw varint inside a packed field.
    void packedVarint(uint64_t value);

    std::string& data() { return m_out; }
    const std::string& data() const { return m_out; }
    size_t size() const { return m_out.size(); }
    void clear() { m_out.clear(); }

private:
    void tag(uint32_t field, WireType type) { rawVarint((uint64_t(field) << 3) | uint64_t(type)); }
    void rawVarint(uint64_t v);
    std::string m_out;
};

/// One field as the reader found it: its number and type, the value of a varint or fixed field,
/// or the bytes of a length-delimited one.
struct Field {
    uint32_t number = 0;
    WireType type = WireType::Varint;
    uint64_t value = 0;
    std::string_view bytes;
    size_t offset = 0; ///< where the field's tag starts, from the start of the reader's range
};

/// Walks the fields of one message. A malformed field stops it: next() returns false and
/// error() says what was expected and what was found, at which offset (counted from `base`,
/// so that a nested reader reports offsets in the file).
class Reader {
public:
    explicit Reader(std::string_view data, uint64_t base = 0)
        : m_data(data)
        , m_base(base) {}
    /// The next field; false at the end (error() empty) or on malformed data (error() set).
    bool next(Field& f);
    const std::string& error() const { return m_error; }
    /// The file offset of a field's bytes (for a nested reader's base).
    uint64_t offsetOf(const Field& f) const {
        return m_base + static_cast<uint64_t>(f.bytes.data() - m_data.data());
    }

private:
    bool fail(std::string what);
    bool readVarint(uint64_t& v);
    std::string_view m_data;
    uint64_t m_base;
    size_t m_pos = 0;
    std::string m_error;
};

/// Reads a packed repeated varint field's values one by one.
class PackedVarints {
public:
    explicit PackedVarints(std::string_view data)
        : m_data(data) {}
    /// The next value; false at the end or when the last one is cut short (then malformed()).
    bool next(uint64_t& v);
    bool malformed() const { return m_malformed; }

private:
    std::string_view m_data;
    size_t m_pos = 0;
    bool m_malformed = false;
};

/// Decodes a varint at `p` (at most `end`); returns the bytes it took, 0 if it is cut short or
/// longer than ten bytes.
size_t decodeVarint(const uint8_t* p, const uint8_t* end, uint64_t& v);

std::string_view wireTypeName(WireType t);

} // namespace core::proto
