#include "testutil.h"

#include "base/kernelmodel.h"

#include <QtTest>

#include <stdexcept>

namespace testutil {

void addKernelModelRows() {
    QTest::addColumn<QString>("model");
    for (const core::KernelModelInfo& m : core::kernelModelCatalog())
        QTest::newRow(std::string(m.name).c_str()) << QString::fromUtf8(m.name.data(), int(m.name.size()));
}

std::shared_ptr<const core::ScenarioSpec> load(const std::string& text, const std::string& source) {
    core::LoadResult r = core::loadScenarioText(text, source);
    if (!r.ok()) {
        std::string all;
        for (const auto& e : r.errors)
            all += e + "\n";
        throw std::runtime_error("scenario did not load:\n" + all);
    }
    return std::make_shared<const core::ScenarioSpec>(std::move(*r.spec));
}

std::shared_ptr<const core::ScenarioSpec> load(const nlohmann::json& j) {
    return load(j.dump());
}

nlohmann::json baseScenario() {
    // On v4.11, named: the tests built on this scenario were written for CFS and the v4.11
    // balancer, the default until 2026-12-04 (tests of the v6 models set their own).
    return nlohmann::json::parse(R"({
      "format": 1, "name": "base", "duration": "1s",
      "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 2, "numa_nodes": 1},
      "kernel": {"model": "v4.11"},
      "channels": [{"name": "p0", "kind": "pipe"}],
      "tasks": [{"name": "t", "program": [{"run": "1ms"}]}]
    })");
}

std::string runChecked(core::Engine& e, uint64_t checkEvery) {
    uint64_t n = 0;
    while (e.step()) {
        if (++n % checkEvery == 0) {
            std::string bad = e.checkInvariants();
            if (!bad.empty())
                return "after event " + std::to_string(n) + " at " + core::formatDuration(e.now()) + ": " +
                       bad;
        }
    }
    return e.checkInvariants();
}

namespace {

const nlohmann::json* inTask(const nlohmann::json& t, const std::string& name) {
    if (t.at("name") == name)
        return &t;
    for (const nlohmann::json& a : t.at("program"))
        if (a.contains("fork"))
            if (const nlohmann::json* c = inTask(a.at("fork"), name))
                return c;
    return nullptr;
}

} // namespace

const nlohmann::json* taskNamed(const nlohmann::json& tasks, const std::string& name) {
    for (const nlohmann::json& t : tasks)
        if (const nlohmann::json* found = inTask(t, name))
            return found;
    return nullptr;
}

} // namespace testutil
