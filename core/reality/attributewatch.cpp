#include "reality/attributewatch.h"

#include "import/hostfs.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

namespace core {

namespace {

/// The syscalls watched; prctl only for PR_SET_TIMERSLACK (a filter on its enter).
constexpr const char* kSyscalls[] = {"sched_setaffinity", "sched_setscheduler", "sched_setparam",
                                     "sched_setattr",     "setpriority",        "prctl"};
constexpr unsigned long long kPrSetTimerSlack = 29;
constexpr const char* kInstancePrefix = "schedscope-record-";

bool writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    out.flush();
    return static_cast<bool>(out);
}

/// The field a syscall's target is named by in its enter event ("" when it acts on its caller).
const char* targetField(std::string_view name) {
    if (name == "setpriority")
        return "who";
    if (name == "prctl")
        return "";
    return "pid";
}

/// A number as ftrace prints it: "0x..." in hexadecimal, else decimal (never octal).
std::optional<unsigned long long> number(std::string_view s) {
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const std::string text(hex ? s.substr(2) : s);
    if (text.empty() || text.size() > 20)
        return std::nullopt;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), &end, hex ? 16 : 10);
    if (errno != 0 || *end != '\0')
        return std::nullopt;
    return v;
}

} // namespace

unsigned long long SyscallLine::arg(std::string_view field, unsigned long long otherwise) const {
    for (const auto& [name, value] : args)
        if (name == field)
            return value;
    return otherwise;
}

bool parseSyscallLine(std::string_view line, SyscallLine& out) {
    // "           <...>-1234    [001] d..1.  1234.567890: sys_setpriority(which: 0, ...)"
    const size_t open = line.find(" [");
    const size_t close = open == std::string_view::npos ? open : line.find(']', open);
    const size_t colon = close == std::string_view::npos ? close : line.find(": sys_", close);
    if (colon == std::string_view::npos)
        return false;
    const size_t dash = line.rfind('-', open);
    if (dash == std::string_view::npos)
        return false;
    std::string_view tidText = line.substr(dash + 1, open - dash - 1);
    while (!tidText.empty() && tidText.back() == ' ')
        tidText.remove_suffix(1);
    const auto tid = number(tidText);
    size_t ts = line.rfind(' ', colon);
    if (!tid || ts == std::string_view::npos || ts <= close)
        return false;
    const std::string_view time = line.substr(ts + 1, colon - ts - 1);
    const size_t dot = time.find('.');
    const auto sec = dot == std::string_view::npos ? std::nullopt : number(time.substr(0, dot));
    if (!sec || dot + 1 >= time.size())
        return false;
    // The fraction: microseconds as ftrace prints them (any number of digits read as a fraction).
    int64_t frac = 0, scale = 1'000'000'000;
    for (char c : time.substr(dot + 1)) {
        if (c < '0' || c > '9')
            return false;
        scale /= 10;
        frac += (c - '0') * scale;
    }
    out = SyscallLine{};
    out.tid = static_cast<pid_t>(*tid);
    out.t = static_cast<int64_t>(*sec) * 1'000'000'000 + frac;
    std::string_view rest = line.substr(colon + 6);
    if (const size_t arrow = rest.find(" -> "); arrow != std::string_view::npos) {
        out.name = std::string(rest.substr(0, arrow));
        out.exit = true;
        const auto ret = number(rest.substr(arrow + 4));
        if (!ret)
            return false;
        out.ret = static_cast<long long>(*ret);
        return true;
    }
    const size_t paren = rest.find('(');
    if (paren == std::string_view::npos || rest.back() != ')')
        return false;
    out.name = std::string(rest.substr(0, paren));
    std::string_view args = rest.substr(paren + 1, rest.size() - paren - 2);
    while (!args.empty()) {
        const size_t comma = args.find(", ");
        const std::string_view one = args.substr(0, comma);
        const size_t sep = one.find(": ");
        if (sep == std::string_view::npos)
            return false;
        const auto v = number(one.substr(sep + 2));
        if (!v)
            return false;
        out.args.emplace_back(std::string(one.substr(0, sep)), *v);
        args = comma == std::string_view::npos ? std::string_view() : args.substr(comma + 2);
    }
    return true;
}

bool changedThreads(const SyscallLine& enter, std::vector<pid_t>& tids) {
    tids.clear();
    if (enter.name == "prctl") {
        if (enter.arg("option") != kPrSetTimerSlack)
            return false;
        tids.push_back(enter.tid);
        return true;
    }
    if (enter.name == "setpriority" && enter.arg("which") != 0)
        return true; // PRIO_PGRP or PRIO_USER: every task may have changed
    const auto target = static_cast<pid_t>(enter.arg(targetField(enter.name)));
    tids.push_back(target == 0 ? enter.tid : target);
    return true;
}

std::string tracefsRoot() {
    for (const char* d : {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"})
        if (::access((std::string(d) + "/instances").c_str(), F_OK) == 0)
            return d;
    return {};
}

std::string AttributeWatch::start(const std::string& name,
                                  std::function<void(const AttributeChange&)> changed) {
    const std::string root = tracefsRoot();
    if (root.empty())
        return "no tracefs (mount -t tracefs nodev /sys/kernel/tracing)";
    // Instances of recorders that were killed (their pid is gone) are removed.
    std::error_code ec;
    for (std::filesystem::directory_iterator it(root + "/instances", ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string n = it->path().filename().string();
        if (n.rfind(kInstancePrefix, 0) != 0)
            continue;
        const long pid = std::atol(n.c_str() + std::strlen(kInstancePrefix));
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            ::rmdir(it->path().c_str());
    }
    m_dir = root + "/instances/" + name;
    if (::mkdir(m_dir.c_str(), 0755) != 0) {
        const std::string e = m_dir + ": cannot make the tracing instance: " + std::strerror(errno);
        m_dir.clear();
        return e;
    }
    if (!writeFile(m_dir + "/trace_clock", "mono")) {
        removeInstance();
        return m_dir + "/trace_clock: cannot set the clock to mono";
    }
    int enabled = 0;
    for (const char* s : kSyscalls) {
        const std::string enter = m_dir + "/events/syscalls/sys_enter_" + s;
        const std::string exit = m_dir + "/events/syscalls/sys_exit_" + s;
        // The format names the fields this reads; a kernel without them is said, not guessed.
        const std::string format = hostfs::readValue(enter + "/format").value_or("");
        const std::string field = std::string(std::string_view(s) == "prctl" ? "option" : targetField(s));
        if (format.empty() || format.find(" " + field + ";") == std::string::npos) {
            m_notes.push_back(std::string("sys_enter_") + s + ": no such tracepoint, or no field \"" + field +
                              "\" in its format: changes by " + s + " not recorded");
            continue;
        }
        if (std::string_view(s) == "prctl" && !writeFile(enter + "/filter", "option == 29"))
            m_notes.push_back("sys_enter_prctl: the filter option == 29 was refused: every prctl is read");
        if (writeFile(enter + "/enable", "1") && writeFile(exit + "/enable", "1"))
            ++enabled;
        else
            m_notes.push_back(std::string("sys_enter_") + s + ": cannot enable it: changes by " + s +
                              " not recorded");
    }
    if (enabled == 0) {
        removeInstance();
        return "no syscall tracepoint could be enabled in " + root;
    }
    m_pipe = ::open((m_dir + "/trace_pipe").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (m_pipe < 0) {
        const std::string e = m_dir + "/trace_pipe: " + std::strerror(errno);
        removeInstance();
        return e;
    }
    m_wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_wake < 0) {
        const std::string e = std::string("eventfd: ") + std::strerror(errno);
        ::close(m_pipe);
        m_pipe = -1;
        removeInstance();
        return e;
    }
    writeFile(m_dir + "/tracing_on", "1");
    m_changed = std::move(changed);
    m_stop = false;
    m_thread = std::thread([this] { read(); });
    while (m_readerTid.load() == 0)
        std::this_thread::yield();
    return {};
}

void AttributeWatch::read() {
    m_readerTid = static_cast<pid_t>(::syscall(SYS_gettid));
    std::string buf;
    char chunk[16384];
    for (;;) {
        const bool stopping = m_stop.load();
        const ssize_t n = ::read(m_pipe, chunk, sizeof chunk);
        if (n > 0) {
            buf.append(chunk, static_cast<size_t>(n));
            size_t at = 0;
            for (size_t nl; (nl = buf.find('\n', at)) != std::string::npos; at = nl + 1)
                line(std::string_view(buf).substr(at, nl - at));
            buf.erase(0, at);
            continue;
        }
        if (stopping) // everything up to the stop has been read
            break;
        // Asleep until the instance has a line or stop() says so: a timeout here would wake the
        // recorder on a CPU the workload uses (docs/record-replay.md, "The recorder in its own
        // recording"). trace_pipe of all CPUs wakes its pollers on any new event.
        pollfd p[2] = {{m_pipe, POLLIN, 0}, {m_wake, POLLIN, 0}};
        ::poll(p, 2, -1);
    }
}

void AttributeWatch::line(std::string_view text) {
    SyscallLine l;
    if (!parseSyscallLine(text, l)) {
        if (text.find("LOST") != std::string_view::npos || m_unread++ == 0)
            m_notes.push_back("tracing instance: a line not understood, skipped: " +
                              std::string(text.substr(0, 200)));
        return;
    }
    const auto same = [&](const SyscallLine& p) { return p.tid == l.tid; };
    auto it = std::find_if(m_pending.begin(), m_pending.end(), same);
    if (!l.exit) {
        if (it != m_pending.end())
            *it = std::move(l);
        else
            m_pending.push_back(std::move(l));
        return;
    }
    if (it == m_pending.end() || it->name != l.name)
        return; // its enter was before the watch began (or a prctl of another option)
    const SyscallLine enter = std::move(*it);
    m_pending.erase(it);
    AttributeChange c;
    c.t = l.t;
    if (l.ret == 0 && changedThreads(enter, c.tids) && m_changed)
        m_changed(c);
}

void AttributeWatch::stop() {
    if (m_thread.joinable()) {
        if (!m_dir.empty())
            writeFile(m_dir + "/tracing_on", "0");
        m_stop = true;
        const uint64_t one = 1;
        if (::write(m_wake, &one, sizeof one) != sizeof one) {
            // An eventfd's counter only fails to take 1 at its maximum, when it is readable anyway.
        }
        m_thread.join();
    }
    for (int* fd : {&m_pipe, &m_wake}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
    removeInstance();
}

void AttributeWatch::removeInstance() {
    if (m_dir.empty())
        return;
    // Removing an instance removes its events' settings with it.
    if (::rmdir(m_dir.c_str()) != 0)
        m_notes.push_back(m_dir + ": could not remove the tracing instance: " + std::strerror(errno));
    m_dir.clear();
}

} // namespace core
