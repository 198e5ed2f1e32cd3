#include "base/cpuset.h"

#include <bit>

namespace core {

CpuSet CpuSet::all(uint32_t nrCpus) {
    CpuSet s(nrCpus);
    for (uint32_t i = 0; i < nrCpus; ++i)
        s.set(CpuId(i));
    return s;
}

uint32_t CpuSet::count() const {
    uint32_t n = 0;
    for (uint64_t w : m_words)
        n += static_cast<uint32_t>(std::popcount(w));
    return n;
}

CpuId CpuSet::next(uint32_t from) const {
    if (from >= m_size)
        return CpuId::invalid();
    size_t wi = from / 64;
    uint64_t w = m_words[wi] & (~uint64_t{0} << (from % 64));
    while (true) {
        if (w) {
            uint32_t c = static_cast<uint32_t>(wi * 64 + std::countr_zero(w));
            return c < m_size ? CpuId(c) : CpuId::invalid();
        }
        if (++wi >= m_words.size())
            return CpuId::invalid();
        w = m_words[wi];
    }
}

CpuSet CpuSet::operator&(const CpuSet& o) const {
    CpuSet r(m_size);
    for (size_t i = 0; i < m_words.size() && i < o.m_words.size(); ++i)
        r.m_words[i] = m_words[i] & o.m_words[i];
    return r;
}

bool CpuSet::intersects(const CpuSet& o) const {
    for (size_t i = 0; i < m_words.size() && i < o.m_words.size(); ++i)
        if (m_words[i] & o.m_words[i])
            return true;
    return false;
}

std::string CpuSet::toString() const {
    std::string out;
    uint32_t i = 0;
    while (i < m_size) {
        CpuId a = next(i);
        if (!a.valid())
            break;
        uint32_t b = a.value();
        while (b + 1 < m_size && test(CpuId(b + 1)))
            ++b;
        if (!out.empty())
            out += ',';
        out += std::to_string(a.value());
        if (b != a.value())
            out += '-' + std::to_string(b);
        i = b + 1;
    }
    return out;
}

std::string formatCpuList(const std::vector<uint32_t>& cpus) {
    std::string out;
    for (size_t i = 0; i < cpus.size();) {
        size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(cpus[i]);
        if (j > i)
            out += '-' + std::to_string(cpus[j]);
        i = j + 1;
    }
    return out;
}

uint32_t CpuListParse::maxCpu() const {
    uint32_t m = 0;
    for (auto [a, b] : ranges)
        m = std::max(m, b);
    return m;
}

std::string CpuListParse::toString() const {
    std::string s;
    for (auto [a, b] : ranges) {
        if (!s.empty())
            s += ',';
        s += std::to_string(a);
        if (b != a)
            s += '-' + std::to_string(b);
    }
    return s;
}

CpuListParse cpuListOf(const std::vector<bool>& in) {
    CpuListParse out;
    for (uint32_t c = 0; c < in.size(); ++c) {
        if (!in[c])
            continue;
        if (!out.ranges.empty() && out.ranges.back().second + 1 == c)
            out.ranges.back().second = c;
        else
            out.ranges.emplace_back(c, c);
    }
    return out;
}

CpuListParse parseCpuList(std::string_view text) {
    CpuListParse out;
    constexpr uint32_t kMax = 65535;
    auto number = [&](size_t& i, uint32_t& v) {
        if (i >= text.size() || text[i] < '0' || text[i] > '9')
            return false;
        uint64_t acc = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            acc = acc * 10 + static_cast<uint64_t>(text[i] - '0');
            if (acc > kMax)
                return false;
            ++i;
        }
        v = static_cast<uint32_t>(acc);
        return true;
    };
    if (text.empty()) {
        out.error = "a CPU list such as \"0-3,8\"";
        return out;
    }
    size_t i = 0;
    while (i < text.size()) {
        uint32_t a = 0, b = 0;
        if (!number(i, a)) {
            out.error = "a CPU list such as \"0-3,8\" (numbers 0..65535)";
            out.ranges.clear();
            return out;
        }
        b = a;
        if (i < text.size() && text[i] == '-') {
            ++i;
            if (!number(i, b) || b < a) {
                out.error = "a CPU range first-last with first <= last";
                out.ranges.clear();
                return out;
            }
        }
        out.ranges.emplace_back(a, b);
        if (i < text.size()) {
            if (text[i] != ',' || i + 1 == text.size()) {
                out.error = "a CPU list such as \"0-3,8\"";
                out.ranges.clear();
                return out;
            }
            ++i;
        }
    }
    return out;
}

CpuSet toCpuSet(const CpuListParse& list, uint32_t nrCpus) {
    CpuSet s(nrCpus);
    for (auto [a, b] : list.ranges)
        for (uint32_t c = a; c <= b && c < nrCpus; ++c)
            s.set(CpuId(c));
    return s;
}

} // namespace core
