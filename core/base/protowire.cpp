#include "base/protowire.h"

#include <cstring>

namespace core::proto {

void Writer::rawVarint(uint64_t v) {
    char buf[10];
    size_t n = 0;
    while (v >= 0x80) {
        buf[n++] = static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    buf[n++] = static_cast<char>(v);
    m_out.append(buf, n);
}

void Writer::varint(uint32_t field, uint64_t value) {
    tag(field, WireType::Varint);
    rawVarint(value);
}

void Writer::fixed64(uint32_t field, uint64_t value) {
    tag(field, WireType::Fixed64);
    char buf[8];
    for (int i = 0; i < 8; ++i)
        buf[i] = static_cast<char>((value >> (8 * i)) & 0xff);
    m_out.append(buf, 8);
}

void Writer::doubleValue(uint32_t field, double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    fixed64(field, bits);
}

void Writer::bytes(uint32_t field, std::string_view value) {
    tag(field, WireType::Bytes);
    rawVarint(value.size());
    m_out.append(value);
}

size_t Writer::beginNested(uint32_t field) {
    tag(field, WireType::Bytes);
    const size_t mark = m_out.size();
    m_out.append("\x80\x80\x80\x00", 4);
    return mark;
}

void Writer::endNested(size_t mark) {
    const size_t len = m_out.size() - mark - 4;
    if (len < 0x80) {
        // A short message (most events) gets a one-byte length: its bytes move back by three.
        m_out[mark] = static_cast<char>(len);
        m_out.erase(mark + 1, 3);
        return;
    }
    for (size_t i = 0; i < 4; ++i) {
        const auto byte = static_cast<uint8_t>((len >> (7 * i)) & 0x7f);
        m_out[mark + i] = static_cast<char>(i < 3 ? (byte | 0x80) : byte);
    }
}

void Writer::packedVarint(uint64_t value) {
    rawVarint(value);
}

size_t decodeVarint(const uint8_t* p, const uint8_t* end, uint64_t& v) {
    v = 0;
    for (size_t i = 0; i < 10 && p + i < end; ++i) {
        v |= uint64_t(p[i] & 0x7f) << (7 * i);
        if (!(p[i] & 0x80))
            return i + 1;
    }
    return 0;
}

std::string_view wireTypeName(WireType t) {
    switch (t) {
    case WireType::Varint:
        return "varint";
    case WireType::Fixed64:
        return "64-bit";
    case WireType::Bytes:
        return "length-delimited";
    case WireType::Fixed32:
        return "32-bit";
    }
    return "?";
}

bool Reader::fail(std::string what) {
    m_error = std::move(what);
    m_pos = m_data.size();
    return false;
}

bool Reader::readVarint(uint64_t& v) {
    const auto* p = reinterpret_cast<const uint8_t*>(m_data.data());
    const size_t n = decodeVarint(p + m_pos, p + m_data.size(), v);
    if (n == 0)
        return false;
    m_pos += n;
    return true;
}

bool Reader::next(Field& f) {
    if (m_pos >= m_data.size())
        return false;
    f.offset = m_pos;
    const uint64_t at = m_base + m_pos;
    uint64_t key;
    if (!readVarint(key))
        return fail("offset " + std::to_string(at) + ": expected a field tag, found a varint cut short");
    const uint64_t number = key >> 3;
    const auto type = static_cast<uint32_t>(key & 7);
    if (number == 0 || number > 0x1fffffff)
        return fail("offset " + std::to_string(at) + ": expected a field number from 1 to 2^29-1, found " +
                    std::to_string(number));
    f.number = static_cast<uint32_t>(number);
    f.bytes = {};
    f.value = 0;
    switch (type) {
    case 0:
        f.type = WireType::Varint;
        if (!readVarint(f.value))
            return fail("offset " + std::to_string(at) + ": field " + std::to_string(number) +
                        ": expected a varint, found one cut short");
        return true;
    case 1:
    case 5: {
        const size_t width = type == 1 ? 8 : 4;
        f.type = type == 1 ? WireType::Fixed64 : WireType::Fixed32;
        if (m_data.size() - m_pos < width)
            return fail("offset " + std::to_string(at) + ": field " + std::to_string(number) + ": expected " +
                        std::to_string(width) + " bytes, found " + std::to_string(m_data.size() - m_pos));
        for (size_t i = 0; i < width; ++i)
            f.value |= uint64_t(static_cast<uint8_t>(m_data[m_pos + i])) << (8 * i);
        m_pos += width;
        return true;
    }
    case 2: {
        f.type = WireType::Bytes;
        uint64_t len;
        if (!readVarint(len))
            return fail("offset " + std::to_string(at) + ": field " + std::to_string(number) +
                        ": expected a length, found a varint cut short");
        if (len > m_data.size() - m_pos)
            return fail("offset " + std::to_string(at) + ": field " + std::to_string(number) + ": expected " +
                        std::to_string(len) + " bytes, found " + std::to_string(m_data.size() - m_pos) +
                        " (cut short, or not a length)");
        f.bytes = m_data.substr(m_pos, static_cast<size_t>(len));
        m_pos += static_cast<size_t>(len);
        return true;
    }
    default:
        return fail("offset " + std::to_string(at) + ": field " + std::to_string(number) +
                    ": expected wire type 0, 1, 2 or 5, found " + std::to_string(type) +
                    (type == 3 || type == 4 ? " (groups are not used by Perfetto)" : ""));
    }
}

bool PackedVarints::next(uint64_t& v) {
    if (m_pos >= m_data.size())
        return false;
    const auto* p = reinterpret_cast<const uint8_t*>(m_data.data());
    const size_t n = decodeVarint(p + m_pos, p + m_data.size(), v);
    if (n == 0) {
        m_malformed = true;
        m_pos = m_data.size();
        return false;
    }
    m_pos += n;
    return true;
}

} // namespace core::proto
