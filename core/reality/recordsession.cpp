#include "reality/recordsession.h"

#include "base/atomicfile.h"
#include "import/hostimport.h"
#include "import/recordfolder.h"
#include "reality/attributewatch.h"
#include "reality/liveattributes.h"
#include "reality/perfrecorder.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace core {

namespace {

using Clock = std::chrono::steady_clock;

/// tasks.jsonl as it is recorded: a line per task at the start, then one per change.
class TaskLog {
public:
    /// `tid`'s attributes now, written when they differ from its last line (or for the start).
    void record(pid_t tid, int64_t t) {
        if (m_ignored.load() == tid)
            return; // perf setting its own CPUs as it reads each CPU's buffer
        const auto now = readLiveAttributes(tid);
        if (!now) {
            m_gone += t != 0; // it ended (and was reaped) before it could be read
            return;
        }
        std::lock_guard lock(m_mutex);
        auto [it, added] = m_last.try_emplace(tid, now->attributes);
        if (!added && it->second == now->attributes)
            return;
        it->second = now->attributes;
        RecordedAttributes r;
        r.t = t;
        r.tid = static_cast<int32_t>(tid);
        r.attributes = now->attributes;
        if (t == 0)
            r.cgroup = now->cgroup;
        m_text += recordedAttributesLine(r);
        ++(t == 0 ? m_tasks : m_changes);
    }
    void changed(const AttributeChange& c) {
        if (c.tids.empty()) {
            for (pid_t tid : liveThreads())
                record(tid, c.t);
            return;
        }
        for (pid_t tid : c.tids)
            record(tid, c.t);
    }
    /// Leaves `tid` out (the recorder's perf: it is no part of the workload).
    void ignore(pid_t tid) { m_ignored = tid; }
    std::string text() {
        std::lock_guard lock(m_mutex);
        return m_text;
    }
    size_t tasks() const { return m_tasks; }
    size_t changes() const { return m_changes; }
    size_t gone() const { return m_gone; }

private:
    std::mutex m_mutex;
    std::atomic<pid_t> m_ignored{0};
    std::unordered_map<pid_t, TaskAttributes> m_last;
    std::string m_text;
    size_t m_tasks = 0, m_changes = 0;
    std::atomic<size_t> m_gone{0};
};

/// The recorded command, in a process group of its own (so a stop reaches all of it); killed
/// with its group if it is still running when the recording ends.
struct Command {
    pid_t pid = -1;
    int status = 0;
    bool ended = false;
    ~Command() {
        if (pid > 0 && !ended) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &status, 0);
        }
    }
    bool poll() {
        if (!ended && pid > 0 && ::waitpid(pid, &status, WNOHANG) == pid)
            ended = true;
        return ended;
    }
    /// Sends `sig` to its group and waits up to `ms` for it to end; then SIGKILL.
    void end(int sig, int ms) {
        ::kill(-pid, sig);
        const auto until = Clock::now() + std::chrono::milliseconds(ms);
        while (!poll() && Clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!ended) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            ended = true;
        }
    }
};

/// Forks and execs `argv` (its own process group; it ends with the recorder). "" or why not.
std::string startCommand(const std::vector<std::string>& argv, Command& c) {
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0)
        return std::string("pipe: ") + std::strerror(errno);
    const pid_t parent = ::getpid();
    c.pid = ::fork();
    if (c.pid < 0) {
        ::close(report[0]);
        ::close(report[1]);
        return std::string("fork: ") + std::strerror(errno);
    }
    if (c.pid == 0) {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execvp(args[0], args.data());
        const int e = errno;
        (void)!::write(report[1], &e, sizeof e);
        ::_exit(127);
    }
    ::setpgid(c.pid, c.pid);
    ::close(report[1]);
    int e = 0;
    const ssize_t n = ::read(report[0], &e, sizeof e);
    ::close(report[0]);
    if (n == sizeof e) {
        ::waitpid(c.pid, &c.status, 0);
        c.ended = true;
        return "cannot run " + argv[0] + ": " + std::strerror(e);
    }
    return {};
}

/// How long the recorder sleeps at most while the workload runs, between looks at a stop request
/// and --for. The recorder's own wakeups are in the recording: each one on a busy CPU preempts
/// what the workload runs there (a 5 ms poll made 372 of the 519 switches of a stress-ng
/// recording, docs/record-replay.md), and a replay leaves the recorder out. So it sleeps on a
/// pidfd, which the workload's end wakes at once, and otherwise wakes ten times a second.
constexpr int kWaitSliceMs = 100;

/// A pidfd of `pid` (readable when it ends), or -1 where the kernel has none (before 5.3).
int openPidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    (void)pid;
    return -1;
#endif
}

/// Sleeps until `pidfd` is readable (the process ended), a signal, or `ms` passed.
void sleepOn(int pidfd, int ms) {
    if (pidfd < 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        return;
    }
    pollfd p{pidfd, POLLIN, 0};
    ::poll(&p, 1, ms);
}

/// Waits for the command (or the attached pid) to end, --for, or a stop.
void waitWorkload(const RecordRequest& req, Command& c, RecordResult& out) {
    const auto start = Clock::now();
    const int pidfd = openPidfd(c.pid > 0 ? c.pid : *req.pid);
    for (;;) {
        if (c.pid > 0 ? c.poll() : (::kill(*req.pid, 0) != 0 && errno == ESRCH))
            break;
        if (req.stopRequested && req.stopRequested()) {
            out.notes.push_back("stopped by a signal before the command ended");
            if (c.pid > 0)
                c.end(SIGINT, 5000);
            break;
        }
        if (req.forNs && Clock::now() - start >= std::chrono::nanoseconds(*req.forNs)) {
            if (c.pid > 0) {
                out.notes.push_back("--for elapsed: the command was sent SIGTERM");
                c.end(SIGTERM, 2000);
            }
            break;
        }
        int ms = kWaitSliceMs;
        if (req.forNs) {
            const auto left = std::chrono::nanoseconds(*req.forNs) - (Clock::now() - start);
            ms = std::clamp(static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count()), 1,
                            kWaitSliceMs);
        }
        sleepOn(pidfd, ms);
    }
    if (pidfd >= 0)
        ::close(pidfd);
    if (c.pid > 0 && c.ended) {
        if (WIFEXITED(c.status))
            out.exitCode = WEXITSTATUS(c.status);
        else if (WIFSIGNALED(c.status))
            out.exitSignal = WTERMSIG(c.status);
    }
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

/// The folder: new, or empty; INCOMPLETE in it until the manifest is written.
std::string makeFolder(const std::string& dir) {
    std::error_code ec;
    if (std::filesystem::exists(dir, ec)) {
        if (!std::filesystem::is_directory(dir, ec) || !std::filesystem::is_empty(dir, ec))
            return dir + ": expected a new or empty folder, found " +
                   (std::filesystem::is_directory(dir, ec) ? "a folder with files in it" : "a file");
    } else if (!std::filesystem::create_directories(dir, ec)) {
        return dir + ": cannot make the folder: " + ec.message();
    }
    return writeFileAtomically(dir + "/" + kRecordIncomplete,
                               "schedscope-cli record (pid " + std::to_string(::getpid()) +
                                   ") is writing this folder; if this file is still here, it was stopped "
                                   "before it finished\n");
}

/// host.json, tasks.jsonl, then record.json; INCOMPLETE last. "" or what went wrong.
std::string writeFolder(RecordFolder& f, TaskLog& log) {
    try {
        const HostImport host = importHost("/sys", "/sys/fs/cgroup", readThisKernelConfig(),
                                           readSchedSysctls("/proc/sys/kernel"));
        f.hostNotes = host.notes;
        if (std::string e = writeFileAtomically(f.path(kRecordHost), host.scenarioJson); !e.empty())
            return e;
    } catch (const std::exception& e) {
        f.notes.push_back(std::string("host.json not written: ") + e.what());
    }
    if (std::string e = writeFileAtomically(f.path(kRecordTasks), log.text()); !e.empty())
        return e;
    if (std::string e = writeFileAtomically(f.path(kRecordManifest), recordManifestText(f)); !e.empty())
        return e;
    std::error_code ec;
    std::filesystem::remove(f.path(kRecordIncomplete), ec);
    return {};
}

} // namespace

std::string defaultRecordDir(std::time_t now) {
    std::tm tm{};
    ::localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "schedscope-rec-%Y%m%d-%H%M%S", &tm);
    return buf;
}

namespace {

/// The system calls `record` takes besides perf sched record's events (import/traceevent.h's
/// DataCall reads them back).
constexpr const char* kRecordedDataCalls[] = {"read",  "readv",  "recvfrom", "recvmsg",
                                              "write", "writev", "sendto",   "sendmsg"};

} // namespace

std::vector<std::string> recordTracingOptions() {
    std::vector<std::string> extra{"-k", "mono"};
    if (::access((tracefsRoot() + "/events/cgroup/cgroup_attach_task").c_str(), F_OK) == 0)
        extra.insert(extra.end(), {"-e", "cgroup:cgroup_attach_task"});
    // The calls that move data through pipes and sockets, with the file each names and what it
    // returned: the replay links a write to the read it woke and has reads wait for their data
    // (docs/record-replay.md, "Reads wait for their data"). perf's own are left out.
    for (const char* call : kRecordedDataCalls)
        for (const char* way : {"enter", "exit"})
            if (const std::string ev = std::string("sys_") + way + "_" + call;
                ::access((tracefsRoot() + "/events/syscalls/" + ev).c_str(), F_OK) == 0)
                extra.insert(extra.end(), {"-e", "syscalls:" + ev, "--exclude-perf"});
    // A message-passing workload makes a few million of those a second: room for a second or so
    // of them per CPU, so that perf's writer keeps up (perf sched record's own is 4 MiB).
    extra.insert(extra.end(), {"-m", "32M"});
    return extra;
}

std::string underRecordTracing(const std::string& perfProgram, const std::function<void()>& body) {
    const std::string perf = perfProgram.empty() ? PerfRecorder::find() : perfProgram;
    if (std::string problem = perfRecordingProblem(perf); !problem.empty())
        return problem;
    std::error_code ec;
    std::string dir = (std::filesystem::temp_directory_path(ec) / "schedscope-traced-XXXXXX").string();
    if (ec || !::mkdtemp(dir.data()))
        return std::string("cannot create a temporary folder for perf's file: ") + std::strerror(errno);
    struct Removed {
        std::string dir;
        ~Removed() {
            std::error_code ignored;
            std::filesystem::remove_all(dir, ignored);
        }
    } removed{dir};
    PerfRecorder recorder; // stopped before the folder goes (declared after it)
    if (std::string e = recorder.start(perf, dir + "/perf.data", dir + "/perf.log", recordTracingOptions());
        !e.empty())
        return e;
    if (std::string e = recorder.enable(); !e.empty())
        return e;
    body();
    return recorder.stop();
}

RecordResult recordWorkload(const RecordRequest& req) {
    RecordResult out;
    auto fail = [&out](RecordResult::Status s, std::string e) {
        out.status = s;
        out.error = std::move(e);
        return out;
    };
    const std::string perf = req.perf.empty() ? PerfRecorder::find() : req.perf;
    if (std::string problem = perfRecordingProblem(perf); !problem.empty())
        return fail(RecordResult::Status::NoPermission, problem);
    if (req.pid && ::kill(*req.pid, 0) != 0 && errno == ESRCH)
        return fail(RecordResult::Status::Failed, "--pid " + std::to_string(*req.pid) + ": no such process");
    RecordFolder f;
    f.dir = req.dir.empty() ? defaultRecordDir(std::time(nullptr)) : req.dir;
    out.dir = f.dir;
    if (std::string e = makeFolder(f.dir); !e.empty())
        return fail(RecordResult::Status::Failed, e);
    utsname u{};
    ::uname(&u);
    f.kernelRelease = u.release;
    f.hostname = u.nodename;
    f.perfVersion = PerfRecorder::version(perf);
    f.command = req.command;
    f.attachedPid = req.pid;

    TaskLog log;
    AttributeWatch watch;
    if (::geteuid() != 0)
        f.notes.push_back("not root: no tracing instance, so changes of policy, priority and CPUs after the "
                          "start are not recorded (only the priorities perf.data shows)");
    else if (std::string e = watch.start("schedscope-record-" + std::to_string(::getpid()),
                                         [&log](const AttributeChange& c) { log.changed(c); });
             !e.empty())
        f.notes.push_back("changes of policy, priority and CPUs not recorded: " + e);
    PerfRecorder recorder;
    const std::string perfLog = f.dir + "/.perf.log";
    if (std::string e = recorder.start(perf, f.path(kRecordPerfData), perfLog, recordTracingOptions());
        !e.empty())
        return fail(RecordResult::Status::Failed, e);
    log.ignore(recorder.pid());
    if (req.status)
        req.status("perf is starting");
    if (std::string e = recorder.enable(); !e.empty())
        return fail(RecordResult::Status::Failed, e);
    f.started = utcNow();
    for (pid_t tid : liveThreads()) // the state at the start (a change from here on is watched)
        log.record(tid, 0);

    Command command;
    if (!req.command.empty()) {
        if (std::string e = startCommand(req.command, command); !e.empty())
            return fail(RecordResult::Status::Failed, e);
        if (req.status)
            req.status("recording " + req.command.front() + " (pid " + std::to_string(command.pid) + ")");
    } else if (req.status) {
        req.status("recording pid " + std::to_string(*req.pid) + " and the machine until it ends" +
                   (req.forNs ? ", --for elapses" : "") + " or Ctrl+C");
    }
    waitWorkload(req, command, out);
    f.exitCode = out.exitCode;
    f.exitSignal = out.exitSignal;
    f.recorderPids = {static_cast<int32_t>(::getpid()), static_cast<int32_t>(recorder.pid())};
    if (watch.readerTid() > 0)
        f.recorderPids.push_back(static_cast<int32_t>(watch.readerTid()));
    if (std::string e = recorder.stop(); !e.empty())
        return fail(RecordResult::Status::Failed, e);
    watch.stop();
    f.notes.insert(f.notes.end(), watch.notes().begin(), watch.notes().end());
    if (log.gone() > 0)
        f.notes.push_back(std::to_string(log.gone()) +
                          " change(s) not recorded: the task had ended before its attributes could be read "
                          "(a call and an exit within a millisecond or so)");
    f.notes.insert(f.notes.end(), out.notes.begin(), out.notes.end());
    std::error_code ec;
    std::filesystem::remove(perfLog, ec);
    if (std::string e = writeFolder(f, log); !e.empty())
        return fail(RecordResult::Status::Failed, e);
    out.status = RecordResult::Status::Ok;
    out.tasks = log.tasks();
    out.changes = log.changes();
    out.notes = f.notes;
    return out;
}

} // namespace core
