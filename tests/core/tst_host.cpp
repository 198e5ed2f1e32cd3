// `schedscope-cli host`'s importers on the fixture trees of tests/data/hosts (made by
// make-fixtures.py there): a two-socket SMT2 server with interleaved CPU numbers and a cgroup v2
// tree, a hybrid-core laptop on a hybrid cgroup v1/v2 mount, a tree with missing files; and the
// scenario format's topology.cpu_numbers that carries the kernel's numbering.
#include "import/hostimport.h"
#include "output/summarize.h"
#include "scenario/loader.h"
#include "sched/topology.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using nlohmann::json;

namespace {

std::string hostDir(const char* name) {
    return std::string(SCHEDSCOPE_TEST_DATA) + "/hosts/" + name;
}

core::HostImport import(const char* name) {
    return core::importHost(hostDir(name) + "/sys", hostDir(name) + "/cgroup", core::HostKernelConfig{});
}

bool anyNote(const std::vector<std::string>& notes, const std::string& part) {
    for (const std::string& n : notes)
        if (n.find(part) != std::string::npos)
            return true;
    return false;
}

QByteArray joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines)
        s += l + "\n";
    return QByteArray::fromStdString(s);
}

const json* cgroup(const json& scenario, const std::string& path) {
    for (const json& c : scenario["cgroups"])
        if (c["path"] == path)
            return &c;
    return nullptr;
}

std::string scenarioWith(const std::string& topology, const std::string& rest) {
    return R"({"format": 1, "name": "t", "duration": "10ms", "topology": )" + topology + rest + "}";
}

} // namespace

class TestHost : public QObject {
    Q_OBJECT
private slots:
    void twoSocketTopology() {
        const core::HostImport h = import("two-socket");
        const core::TopologySpec& t = h.topology.machine;
        QCOMPARE(t.sockets, 2u);
        QCOMPARE(t.coresPerSocket, 4u);
        QCOMPARE(t.threadsPerCore, 2u);
        QCOMPARE(t.numaNodes, 2u);
        // Socket 0 holds CPUs 0-3 and their siblings 8-11, as the kernel numbers an Intel server.
        const std::vector<uint32_t> expected{0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15};
        QCOMPARE(t.cpuNumbers, expected);
        QCOMPARE(h.topology.lastLevelCache, std::string("L3 0-3,8-11"));
        QVERIFY2(h.notes.empty(), joined(h.notes).constData());
    }

    void twoSocketCgroups() {
        const core::HostImport h = import("two-socket");
        QCOMPARE(h.cgroups.hierarchy, std::string("v2"));
        const json s = json::parse(h.scenarioJson);
        QCOMPARE(s["topology"]["cpu_numbers"].size(), size_t{16});
        QCOMPARE(s["cgroups"].size(), size_t{5});
        const json* user = cgroup(s, "/user.slice");
        QVERIFY(user);
        QCOMPARE((*user)["weight"].get<int>(), 200);
        QCOMPARE((*user)["max"]["quota"].get<std::string>(), std::string("200ms"));
        QCOMPARE((*user)["max"]["period"].get<std::string>(), std::string("100ms"));
        QCOMPARE((*user)["max"]["burst"].get<std::string>(), std::string("50ms"));
        const json* vm = cgroup(s, "/machine.slice/vm1.scope");
        QVERIFY(vm);
        QCOMPARE((*vm)["weight"].get<int>(), 50);
        QCOMPARE((*vm)["cpus"].get<std::string>(), std::string("4-7,12-15")); // the kernel's numbers
        QCOMPARE((*vm)["max"]["period"].get<std::string>(), std::string("50ms"));
        // Defaults are left out: a cgroup as the format would create it anyway.
        const json* ssh = cgroup(s, "/system.slice/ssh.service");
        QVERIFY(ssh);
        QVERIFY(!ssh->contains("weight") && !ssh->contains("cpus") && !ssh->contains("max"));

        // It loads, and the loader turns the kernel's CPU numbers into the scenario's: socket 1's
        // CPUs are scenario CPUs 8-15.
        const core::LoadResult r = core::loadScenarioText(h.scenarioJson, "two-socket");
        QVERIFY2(r.ok(), joined(r.errors).constData());
        QCOMPARE(r.spec->topology.cpuNumbers.size(), size_t{16});
        QCOMPARE(r.spec->topology.kernelCpu(1), 8u);
        bool found = false;
        for (const auto& cg : r.spec->cgroups)
            if (cg.path == "/machine.slice/vm1.scope") {
                found = true;
                QVERIFY(cg.cpus.has_value());
                QCOMPARE(cg.cpus->toString(), std::string("8-15"));
            }
        QVERIFY(found);
    }

    void hybridCoresAndCgroups() {
        const core::HostImport h = import("hybrid");
        // Two SMT2 performance cores beside two single-thread efficiency cores: every CPU kept,
        // as a single-thread core, with a note saying the SMT level is lost.
        QCOMPARE(h.topology.machine.sockets, 1u);
        QCOMPARE(h.topology.machine.coresPerSocket, 6u);
        QCOMPARE(h.topology.machine.threadsPerCore, 1u);
        QVERIFY(h.topology.machine.cpuNumbers.empty()); // the kernel numbers as the format does
        QVERIFY2(anyNote(h.notes, "cores have 1 to 2 threads (cpu 0-1, cpu 4)"), joined(h.notes).constData());
        QVERIFY2(anyNote(h.notes, "SMT domain is lost"), joined(h.notes).constData());
        // The hybrid cgroup mount: a note, and v1's cpu and cpuset hierarchies read instead.
        QCOMPARE(h.cgroups.hierarchy, std::string("hybrid"));
        QVERIFY2(anyNote(h.notes, "is a hybrid cgroup v1/v2 mount"), joined(h.notes).constData());
        QVERIFY2(anyNote(h.notes, "has no cpu controller"), joined(h.notes).constData());
        const json s = json::parse(h.scenarioJson);
        QVERIFY(!s["topology"].contains("cpu_numbers"));
        const json* batch = cgroup(s, "/batch");
        QVERIFY(batch);
        QCOMPARE((*batch)["weight"].get<int>(), 50); // 512 shares
        QCOMPARE((*batch)["max"]["quota"].get<std::string>(), std::string("50ms"));
        const json* interactive = cgroup(s, "/interactive");
        QVERIFY(interactive);
        QCOMPARE((*interactive)["weight"].get<int>(), 400); // 4096 shares
        QVERIFY(!interactive->contains("max"));
        const json* pinned = cgroup(s, "/pinned");
        QVERIFY(pinned);
        QCOMPARE((*pinned)["cpus"].get<std::string>(), std::string("4-5"));
        const core::LoadResult r = core::loadScenarioText(h.scenarioJson, "hybrid");
        QVERIFY2(r.ok(), joined(r.errors).constData());
    }

    void missingFilesAreNotes() {
        const core::HostImport h = import("missing");
        QCOMPARE(h.topology.machine.sockets, 1u);
        QCOMPARE(h.topology.machine.coresPerSocket, 4u);
        QCOMPARE(h.topology.machine.threadsPerCore, 1u);
        QVERIFY2(anyNote(h.notes,
                         "cpu2/topology/physical_package_id: missing or unreadable; taken to be package 0"),
                 joined(h.notes).constData());
        QVERIFY2(anyNote(h.notes,
                         "cpu2/topology/thread_siblings_list: missing or unreadable; each such CPU is "
                         "taken to be a core of its own"),
                 joined(h.notes).constData());
        QVERIFY2(anyNote(h.notes, "online: missing or unreadable"), joined(h.notes).constData());
        QVERIFY2(anyNote(h.notes, "no cache information"), joined(h.notes).constData());
        QCOMPARE(h.cgroups.hierarchy, std::string("none"));
        QVERIFY2(anyNote(h.notes, "no cgroup filesystem"), joined(h.notes).constData());
        const core::LoadResult r = core::loadScenarioText(h.scenarioJson, "missing");
        QVERIFY2(r.ok(), joined(r.errors).constData());
    }

    void noCpusIsAnError() {
        try {
            core::importHost(hostDir("nonexistent"), hostDir("nonexistent"), core::HostKernelConfig{});
            QFAIL("no error");
        } catch (const core::HostImportError& e) {
            const std::string m = e.what();
            QVERIFY2(
                m.find(
                    "nonexistent/devices/system/cpu: expected the CPU directories cpu0, cpu1, ..., found no "
                    "such directory") != std::string::npos,
                e.what());
        }
    }

    void thisMachine() {
        // The host the tests run on: whatever it is, the result loads.
        if (!std::filesystem::exists("/sys/devices/system/cpu/cpu0"))
            QSKIP("no /sys/devices/system/cpu/cpu0 on this machine (not Linux, or sysfs not mounted)");
        const core::HostImport h = core::importHost("/sys", "/sys/fs/cgroup", core::readThisKernelConfig());
        const core::LoadResult r = core::loadScenarioText(h.scenarioJson, "this host");
        QVERIFY2(r.ok(), joined(r.errors).constData());
        QVERIFY(r.spec->topology.nrCpus() >= 1);
        // Whatever this kernel's configuration says, a note says it; a tick that was read is the
        // scenario's.
        QVERIFY2(anyNote(h.notes, "CONFIG_HZ"), joined(h.notes).constData());
        if (h.kernelConfig.hz)
            QCOMPARE(r.spec->kernel.hz, *h.kernelConfig.hz);
    }

    // Scheduler sysctls: upstream's pass silently; one no upstream kernel has is named with its
    // value in a note, which the host's notes carry.
    void schedSysctlsNoUpstreamKernelHas() {
        QVERIFY(core::isUpstreamSchedSysctl("sched_autogroup_enabled"));
        QVERIFY(core::isUpstreamSchedSysctl("sched_rt_runtime_us"));
        QVERIFY(!core::isUpstreamSchedSysctl("sched_vcpu_pack"));
        QVERIFY(!core::isUpstreamSchedSysctl("sched_"));
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::filesystem::path dir = tmp.path().toStdString();
        auto put = [&](const char* name, const char* value) {
            QFile f(QString::fromStdString((dir / name).string()));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(value);
        };
        put("sched_autogroup_enabled", "1\n");
        put("sched_rt_period_us", "1000000\n");
        put("hostname", "box\n");
        const core::HostSchedSysctls plain = core::readSchedSysctls(dir);
        QCOMPARE(plain.all.size(), size_t{2});
        QVERIFY(plain.note.empty());
        put("sched_vcpu_pack", "15\n");
        const core::HostSchedSysctls own = core::readSchedSysctls(dir);
        QCOMPARE(own.all.size(), size_t{3});
        QCOMPARE(own.all[2].name, std::string("sched_vcpu_pack"));
        QVERIFY(!own.all[2].upstream);
        QVERIFY2(own.note.find("no upstream kernel has (kernel.sched_vcpu_pack = 15)") != std::string::npos,
                 own.note.c_str());
        const core::HostImport h = core::importHost(
            hostDir("two-socket") + "/sys", hostDir("two-socket") + "/cgroup", core::HostKernelConfig{}, own);
        QVERIFY2(anyNote(h.notes, "kernel.sched_vcpu_pack = 15"), joined(h.notes).constData());
        QVERIFY2(h.scenarioJson.find("kernel.sched_vcpu_pack = 15") != std::string::npos,
                 h.scenarioJson.c_str());
        // A directory is listed as one; a value of several lines keeps the note to one line.
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("sched_domain")));
        put("sched_pack_mask", "1 2\n3 4\n");
        const core::HostSchedSysctls more = core::readSchedSysctls(dir);
        QCOMPARE(more.all.size(), size_t{5});
        QCOMPARE(more.all[1].name, std::string("sched_domain"));
        QCOMPARE(more.all[1].value, std::string("(directory)"));
        QVERIFY(more.all[1].upstream);
        QVERIFY2(more.note.find("kernel.sched_pack_mask = 1 2 ..., kernel.sched_vcpu_pack = 15") !=
                     std::string::npos,
                 more.note.c_str());
        QVERIFY(more.note.find('\n') == std::string::npos);
        // Bytes that are not UTF-8 are escaped, so the scenario's JSON can carry the note.
        put("sched_bytes", "a\xff\n");
        const core::HostSchedSysctls bytes = core::readSchedSysctls(dir);
        QVERIFY2(bytes.note.find("kernel.sched_bytes = a\\xFF") != std::string::npos, bytes.note.c_str());
        const core::HostImport hb =
            core::importHost(hostDir("two-socket") + "/sys", hostDir("two-socket") + "/cgroup",
                             core::HostKernelConfig{}, bytes);
        QVERIFY(core::loadScenarioText(hb.scenarioJson, "bytes").ok());
        // No such directory: nothing to say.
        QVERIFY(core::readSchedSysctls(dir / "missing").all.empty());
    }

    void kernelHzFromTheConfiguration() {
        const std::string dir = hostDir("configs") + "/";
        // Text (/boot/config-RELEASE) and gzip (/proc/config.gz) alike.
        const core::HostKernelConfig text = core::readKernelConfig(dir + "config-hz1000");
        QCOMPARE(text.hz.value_or(0), 1000u);
        QCOMPARE(text.source, dir + "config-hz1000");
        const core::HostKernelConfig gz = core::readKernelConfig(dir + "config-hz300.gz");
        QCOMPARE(gz.hz.value_or(0), 300u);
        // The scenario takes it; without one it keeps the model's default.
        const core::HostImport h =
            core::importHost(hostDir("two-socket") + "/sys", hostDir("two-socket") + "/cgroup", text);
        const core::LoadResult r = core::loadScenarioText(h.scenarioJson, "two-socket");
        QVERIFY2(r.ok(), joined(r.errors).constData());
        QCOMPARE(r.spec->kernel.hz, 1000u);
        QVERIFY2(anyNote(h.notes, "kernel.hz 1000: CONFIG_HZ from " + dir + "config-hz1000"),
                 joined(h.notes).constData());
        const core::LoadResult plain =
            core::loadScenarioText(import("two-socket").scenarioJson, "two-socket");
        QCOMPARE(plain.spec->kernel.hz, core::KernelSpec{}.hz);
        // What cannot be used is said, naming the file and what it found.
        const core::HostKernelConfig odd = core::readKernelConfig(dir + "config-hz1024");
        QVERIFY(!odd.hz);
        QVERIFY2(odd.note.find(dir + "config-hz1024: CONFIG_HZ=1024, which the model does not take") !=
                     std::string::npos,
                 odd.note.c_str());
        const core::HostKernelConfig none = core::readKernelConfig(dir + "config-nohz");
        QVERIFY(!none.hz);
        QVERIFY2(none.note.find("has no CONFIG_HZ line") != std::string::npos, none.note.c_str());
        // CRLF line ends and a trailing blank are read; of a symbol given twice the last counts.
        QCOMPARE(core::readKernelConfig(dir + "config-crlf").hz.value_or(0), 1000u);
        // A gzip stream cut after "CONFIG_HZ=100" (of 1000) is an error, not a tick of 100.
        const core::HostKernelConfig cut = core::readKernelConfig(dir + "config-truncated.gz");
        QVERIFY(!cut.hz);
        QVERIFY2(cut.note.find("config-truncated.gz is a truncated or damaged gzip file") !=
                     std::string::npos,
                 cut.note.c_str());
        const core::HostKernelConfig absent = core::readKernelConfig(dir + "no-such-config");
        QVERIFY(!absent.hz);
        QVERIFY2(absent.note.find(dir + "no-such-config cannot be opened") != std::string::npos,
                 absent.note.c_str());
    }

    void cpuNumbersTranslateCpuLists() {
        const std::string topo =
            R"({"sockets": 2, "cores_per_socket": 2, "threads_per_core": 2, "cpu_numbers": [0, 4, 1, 5, 2, 6, 3, 7]})";
        const core::LoadResult r =
            core::loadScenarioText(scenarioWith(topo, R"(, "cgroups": [{"path": "/a", "cpus": "2-3,6-7"}],
               "tasks": [{"name": "t", "cpus": "4", "program": [{"run": "1ms"}]}])"),
                                   "s.json");
        QVERIFY2(r.ok(), joined(r.errors).constData());
        QCOMPARE(r.spec->cgroups.front().cpus->toString(), std::string("4-7")); // socket 1
        QCOMPARE(r.spec->tasks.front().cpus->toString(), std::string("1"));     // cpu0's sibling
        QCOMPARE(r.spec->topology.kernelCpu(1), 4u);
        // Views and summaries name CPUs by the kernel's numbers.
        const core::Topology machine(r.spec->topology);
        QCOMPARE(machine.cpuName(core::CpuId(1)), std::string("cpu4"));
        QCOMPARE(machine.cpuLabel(core::CpuId(1)), std::string("cpu4 (0/0/1)"));
        QCOMPARE(machine.cpuRangeName(0, 4), std::string("cpu0-1,4-5")); // socket 0
        core::Engine e(std::make_shared<const core::ScenarioSpec>(*r.spec));
        e.runToEnd();
        const core::RunSummary s = core::summarize(e);
        QCOMPARE(s.cpus.size(), size_t{8});
        QCOMPARE(s.cpus[1].cpu, 4u);
        QCOMPARE(s.cpus[1].thread, 1u);
        // The task pinned to kernel CPU 4 ran there: on scenario CPU 1.
        QVERIFY(s.cpus[1].busy.count() > 0);
        // The identity map is no map.
        const core::LoadResult id = core::loadScenarioText(
            scenarioWith(
                R"({"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "cpu_numbers": [0, 1]})",
                R"(, "tasks": [])"),
            "s.json");
        QVERIFY(id.ok());
        QVERIFY(id.spec->topology.cpuNumbers.empty());
    }

    void cpuNumbersErrors_data() {
        QTest::addColumn<QString>("topology");
        QTest::addColumn<QString>("rest");
        QTest::addColumn<QString>("message");
        const QString two =
            QStringLiteral(R"({"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, )");
        QTest::newRow("not an array")
            << two + QStringLiteral(R"("cpu_numbers": "0-1"})") << QString()
            << QStringLiteral("s.json: topology.cpu_numbers: expected an array of the "
                              "kernel's CPU numbers, one per CPU in scenario order");
        QTest::newRow("length")
            << two + QStringLiteral(R"("cpu_numbers": [0, 1, 2]})") << QString()
            << QStringLiteral("s.json: topology.cpu_numbers: 3 numbers for 2 CPUs; need one per CPU");
        QTest::newRow("twice") << two + QStringLiteral(R"("cpu_numbers": [3, 3]})") << QString()
                               << QStringLiteral(
                                      "s.json: topology.cpu_numbers[1]: CPU 3 is listed twice (also at [0])");
        QTest::newRow("negative") << two + QStringLiteral(R"("cpu_numbers": [0, -1]})") << QString()
                                  << QStringLiteral("s.json: topology.cpu_numbers[1]: expected");
        QTest::newRow("unknown cpu")
            << two + QStringLiteral(R"("cpu_numbers": [0, 40]})")
            << QStringLiteral(R"(, "tasks": [{"name": "t", "cpus": "1", "program": [{"run": "1ms"}]}])")
            << QStringLiteral("s.json: tasks[0].cpus: CPU 1 does not exist; the machine has CPUs 0,40 "
                              "(topology.cpu_numbers)");
    }

    void cpuNumbersErrors() {
        QFETCH(QString, topology);
        QFETCH(QString, rest);
        QFETCH(QString, message);
        const std::string tail = rest.isEmpty() ? std::string(R"(, "tasks": [])") : rest.toStdString();
        const core::LoadResult r =
            core::loadScenarioText(scenarioWith(topology.toStdString(), tail), "s.json");
        QVERIFY(!r.ok());
        QVERIFY2(joined(r.errors).contains(message.toUtf8()), joined(r.errors).constData());
    }
};

QTEST_GUILESS_MAIN(TestHost)
#include "tst_host.moc"
