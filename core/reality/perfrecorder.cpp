#include "reality/perfrecorder.h"

#include "import/hostfs.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

namespace core {

namespace {

using Clock = std::chrono::steady_clock;

std::string tail(const std::string& path) {
    std::string t = hostfs::readValue(path).value_or(std::string());
    if (t.size() > 400)
        t = "..." + t.substr(t.size() - 400);
    return t;
}

/// Waits up to `ms` for process `pid`; true (and `status`) when it has ended.
bool waitFor(pid_t pid, int ms, int& status) {
    const auto until = Clock::now() + std::chrono::milliseconds(ms);
    for (;;) {
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno == ECHILD))
            return true;
        if (Clock::now() > until)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

[[noreturn]] void execOrDie(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
    ::_exit(127);
}

} // namespace

std::string PerfRecorder::find() {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin:/bin:/usr/sbin:/sbin");
    for (std::string d; std::getline(dirs, d, ':');) {
        const std::string f = (d.empty() ? "." : d) + "/perf";
        if (::access(f.c_str(), X_OK) == 0)
            return f;
    }
    return {};
}

std::string PerfRecorder::version(const std::string& perf) {
    char tmpl[] = "/tmp/schedscope-perfversion-XXXXXX";
    const int fd = ::mkstemp(tmpl);
    if (fd < 0)
        return {};
    ::close(fd);
    std::string v;
    if (runProgram({perf, "--version"}, tmpl, {}).empty())
        v = tail(tmpl);
    ::unlink(tmpl);
    return v;
}

std::string PerfRecorder::start(const std::string& perf, const std::string& dataPath,
                                const std::string& logPath, const std::vector<std::string>& extra) {
    int ctl[2], ack[2];
    if (::pipe2(ctl, O_CLOEXEC) != 0 || ::pipe2(ack, O_CLOEXEC) != 0)
        return std::string("cannot create perf's control pipes: ") + std::strerror(errno);
    m_log = logPath;
    const std::string ctlArg = "fd:" + std::to_string(ctl[0]) + "," + std::to_string(ack[1]);
    std::vector<std::string> argv{perf,
                                  "sched",
                                  "record",
                                  "-e",
                                  "sched:sched_wakeup",
                                  "-e",
                                  "sched:sched_process_exec",
                                  "-e",
                                  "sched:sched_process_exit",
                                  "-D",
                                  "-1",
                                  "--control",
                                  ctlArg};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.insert(argv.end(), {"-o", dataPath});
    const pid_t parent = ::getpid();
    m_pid = ::fork();
    if (m_pid < 0)
        return std::string("cannot start perf: fork: ") + std::strerror(errno);
    if (m_pid == 0) {
        // Its own process group: a Ctrl-C at the terminal reaches the runner, which stops perf
        // in order; and perf ends with the runner, even when the runner is killed.
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent)
            ::_exit(1);
        ::fcntl(ctl[0], F_SETFD, 0);
        ::fcntl(ack[1], F_SETFD, 0);
        const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int null = ::open("/dev/null", O_RDONLY);
        if (log >= 0) {
            ::dup2(log, 1);
            ::dup2(log, 2);
        }
        if (null >= 0)
            ::dup2(null, 0);
        execOrDie(argv);
    }
    ::close(ctl[0]);
    ::close(ack[1]);
    m_ctl = ctl[1];
    m_ack = ack[0];
    return {};
}

std::string PerfRecorder::command(const char* what) {
    if (m_pid <= 0 || m_ctl < 0)
        return "perf is not running";
    const std::string line = std::string(what) + "\n";
    if (::write(m_ctl, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
        return std::string("perf did not take the command \"") + what + "\": " + std::strerror(errno);
    // perf sets up its events (a few hundred ms on a small machine) before it reads commands.
    const auto until = Clock::now() + std::chrono::seconds(20);
    std::string got;
    while (Clock::now() < until) {
        pollfd p{m_ack, POLLIN, 0};
        const int r = ::poll(&p, 1, 50);
        if (r > 0) {
            char buf[16];
            const ssize_t n = ::read(m_ack, buf, sizeof buf);
            if (n <= 0)
                break;
            got.append(buf, static_cast<size_t>(n));
            if (got.find("ack") != std::string::npos)
                return {};
        }
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            return "perf sched record ended before it started recording: " + tail(m_log);
        }
    }
    return std::string("perf did not acknowledge \"") + what + "\" within 20 s: " + tail(m_log);
}

std::string PerfRecorder::enable() {
    return command("enable");
}

std::string PerfRecorder::stop() {
    std::string err;
    if (m_pid > 0) {
        command("disable");
        ::kill(m_pid, SIGINT);
        int status = 0;
        // perf writes its buffers out and finishes the file's header after SIGINT.
        if (!waitFor(m_pid, 60'000, status)) {
            ::kill(m_pid, SIGKILL);
            waitFor(m_pid, 5'000, status);
            err = "perf did not finish writing within 60 s and was killed";
        } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
            err = "perf sched record failed: " + tail(m_log);
        }
        m_pid = -1;
    }
    if (m_ctl >= 0)
        ::close(m_ctl);
    if (m_ack >= 0)
        ::close(m_ack);
    m_ctl = m_ack = -1;
    return err;
}

std::string runProgram(const std::vector<std::string>& argv, const std::string& outPath,
                       const std::function<bool()>& cancelled, int cpu) {
    const std::string errPath = outPath.empty() ? std::string("/dev/null") : outPath + ".stderr";
    const pid_t pid = ::fork();
    if (pid < 0)
        return "cannot run " + argv[0] + ": fork: " + std::strerror(errno);
    if (pid == 0) {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        const int out =
            ::open(outPath.empty() ? "/dev/null" : outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0)
            ::_exit(126);
        if (cpu >= 0) {
            cpu_set_t mask;
            CPU_ZERO(&mask);
            CPU_SET(cpu, &mask);
            if (::sched_setaffinity(0, sizeof mask, &mask) != 0)
                ::_exit(125);
        }
        ::dup2(out, 1);
        ::dup2(err, 2);
        execOrDie(argv);
    }
    int status = 0;
    for (;;) {
        if (waitFor(pid, 20, status))
            break;
        if (cancelled && cancelled()) {
            ::kill(pid, SIGKILL);
            waitFor(pid, 5'000, status);
            ::unlink(errPath.c_str());
            return "cancelled";
        }
    }
    std::string message = outPath.empty() ? std::string() : tail(errPath);
    if (!outPath.empty())
        ::unlink(errPath.c_str());
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return argv[0] + " " + (argv.size() > 1 ? argv[1] : "") + " failed" +
               (message.empty() ? std::string() : ": " + message);
    return {};
}

std::string perfRecordingProblem(const std::string& perf) {
    if (perf.empty() || ::access(perf.c_str(), X_OK) != 0)
        return (perf.empty() ? std::string("perf is not installed") : perf + ": no such executable") +
               " (Debian: apt install linux-perf)";
    if (::geteuid() != 0) {
        const std::string paranoid = hostfs::readValue("/proc/sys/kernel/perf_event_paranoid").value_or("?");
        if (std::atoi(paranoid.c_str()) > -1)
            return "recording every CPU's scheduler events needs root, or "
                   "/proc/sys/kernel/perf_event_paranoid "
                   "at -1 (it is " +
                   paranoid + ")";
    }
    return {};
}

std::string perfScript(const std::string& perf, const std::string& dataPath, const std::string& outPath,
                       const std::function<bool()>& cancelled) {
    return runProgram({perf, "script", "--ns", "-i", dataPath}, outPath, cancelled);
}

std::optional<double> perfBenchPipe(const std::string& perf, long loops, int cpu, std::string& error) {
    char tmpl[] = "/tmp/schedscope-perfbench-XXXXXX";
    const int fd = ::mkstemp(tmpl);
    if (fd < 0) {
        error = std::string("cannot create a file in /tmp: ") + std::strerror(errno);
        return std::nullopt;
    }
    ::close(fd);
    error = runProgram({perf, "bench", "sched", "pipe", "-l", std::to_string(loops)}, tmpl, {}, cpu);
    std::istringstream in(hostfs::readValue(tmpl).value_or(std::string()));
    std::optional<double> seconds;
    // "Total time: 2.912 [sec]" has milliseconds; "2.912345 usecs/op" is finer.
    for (std::string line; std::getline(in, line);) {
        if (const auto at = line.find("Total time:"); at != std::string::npos && !seconds)
            seconds = std::strtod(line.c_str() + at + 11, nullptr);
        if (line.find("usecs/op") != std::string::npos)
            seconds = std::strtod(line.c_str(), nullptr) * static_cast<double>(loops) / 1e6;
    }
    ::unlink(tmpl);
    if (error.empty() && !seconds)
        error = "perf bench sched pipe printed no \"Total time\"";
    return error.empty() ? seconds : std::nullopt;
}

} // namespace core
