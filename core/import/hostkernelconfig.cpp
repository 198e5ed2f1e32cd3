#include "import/hostkernelconfig.h"

#include "import/hostfs.h"

#include <zlib.h>

#include <array>
#include <charconv>
#include <string_view>

namespace core {

namespace {

// A configuration is a few hundred KiB; anything much bigger is not one.
constexpr size_t kMaxConfigBytes = 16u << 20;

/// The file's bytes, gunzipped when it is gzip (zlib reads a plain file as it is). nullopt when it
/// cannot be opened or read; `why` says which.
std::optional<std::string> readMaybeGzip(const std::filesystem::path& file, std::string& why) {
    gzFile f = gzopen(file.c_str(), "rb");
    if (!f) {
        why = "cannot be opened";
        return std::nullopt;
    }
    std::string text;
    std::array<char, 65536> buf{};
    for (;;) {
        const int n = gzread(f, buf.data(), static_cast<unsigned>(buf.size()));
        if (n < 0) {
            int code = 0;
            why = std::string("cannot be read (") + gzerror(f, &code) + ")";
            gzclose(f);
            return std::nullopt;
        }
        if (n == 0)
            break;
        text.append(buf.data(), static_cast<size_t>(n));
        if (text.size() > kMaxConfigBytes) {
            why = "is larger than 16 MiB: not a kernel configuration";
            gzclose(f);
            return std::nullopt;
        }
    }
    // A gzip stream cut short reads as a short file; only the close says so.
    if (gzclose(f) != Z_OK) {
        why = "is a truncated or damaged gzip file";
        return std::nullopt;
    }
    return text;
}

} // namespace

HostKernelConfig readKernelConfig(const std::filesystem::path& file) {
    HostKernelConfig c;
    std::string why;
    const auto text = readMaybeGzip(file, why);
    if (!text) {
        c.note = "CONFIG_HZ not read: " + file.string() + " " + why + "; kernel.hz is the model's default";
        return c;
    }
    c.source = file.string();
    // Kconfig writes each symbol once; where a file repeats one, as a hand-edited one may, the
    // last line is the one that counts. Lines may end in CRLF or carry trailing blanks.
    constexpr std::string_view kKey = "CONFIG_HZ=";
    std::optional<std::string_view> value;
    std::string_view rest = *text;
    while (!rest.empty()) {
        const size_t eol = rest.find('\n');
        std::string_view line = rest.substr(0, eol);
        rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        if (line.starts_with(kKey))
            value = line.substr(kKey.size());
    }
    if (!value) {
        c.note = "CONFIG_HZ not read: " + file.string() +
                 " has no CONFIG_HZ line (not a kernel configuration?); kernel.hz is the model's default";
        return c;
    }
    uint32_t hz = 0;
    const auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), hz);
    if (ec != std::errc() || end != value->data() + value->size()) {
        c.note = "CONFIG_HZ not read: " + file.string() +
                 " has CONFIG_HZ=" + std::string(value->substr(0, 40)) +
                 ", not a number; kernel.hz is the model's default";
        return c;
    }
    if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
        c.note = file.string() + ": CONFIG_HZ=" + std::to_string(hz) +
                 ", which the model does not take (100, 250, 300 or 1000); kernel.hz is the model's default";
        return c;
    }
    c.hz = hz;
    c.note = "kernel.hz " + std::to_string(hz) + ": CONFIG_HZ from " + file.string();
    return c;
}

HostKernelConfig readThisKernelConfig() {
    const std::filesystem::path proc = "/proc/config.gz";
    std::error_code ec;
    if (std::filesystem::exists(proc, ec))
        return readKernelConfig(proc);
    const std::string release = hostfs::readValue("/proc/sys/kernel/osrelease").value_or(std::string());
    if (!release.empty()) {
        const std::filesystem::path boot = "/boot/config-" + release;
        if (std::filesystem::exists(boot, ec))
            return readKernelConfig(boot);
    }
    HostKernelConfig c;
    c.note = "CONFIG_HZ not read: the kernel's configuration could not be found (no /proc/config.gz, no "
             "/boot/config-" +
             (release.empty() ? std::string("RELEASE") : release) +
             "), so CONFIG_HZ is unknown; kernel.hz is the "
             "model's default";
    return c;
}

} // namespace core
