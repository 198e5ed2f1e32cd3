// schedscope-cli host [--sysfs ROOT] [--cgroupfs ROOT] [--kernel-config FILE] [--out PATH]: a
// scenario skeleton for this machine (docs/host.md).
#include "commands.h"

#include "import/hostimport.h"
#include "scenario/loader.h"

#include <cstdio>

namespace cli {

int cmdHost(Args& args) {
    const auto sysfsArg = args.take("--sysfs");
    const auto cgroupfsArg = args.take("--cgroupfs");
    const auto configArg = args.take("--kernel-config");
    const std::string sysfs = sysfsArg.value_or("/sys");
    const std::string cgroupfs = cgroupfsArg.value_or("/sys/fs/cgroup");
    const auto out = args.take("--out");
    auto left = args.leftovers();
    if (!left.empty() || !args.positional().empty()) {
        for (const std::string& l : left)
            std::fprintf(stderr, "schedscope-cli: unknown option %s\n", l.c_str());
        for (const std::string& p : args.positional())
            std::fprintf(stderr, "schedscope-cli host: unexpected argument \"%s\"\n", p.c_str());
        return ExitUsage;
    }
    try {
        // A copied tree is another machine: this kernel's configuration says nothing about it.
        core::HostKernelConfig config;
        core::HostSchedSysctls sysctls; // this kernel's, for this machine only
        if (configArg)
            config = core::readKernelConfig(*configArg);
        else if (sysfsArg || cgroupfsArg)
            config.note =
                "CONFIG_HZ not read: a copied tree was given without --kernel-config; kernel.hz is the "
                "model's default";
        else
            config = core::readThisKernelConfig();
        if (!sysfsArg && !cgroupfsArg)
            sysctls = core::readSchedSysctls("/proc/sys/kernel");
        const core::HostImport host = core::importHost(sysfs, cgroupfs, config, sysctls);
        for (const std::string& n : host.notes)
            std::fprintf(stderr, "note: %s\n", n.c_str());
        // What is printed must load: a failure here is a bug in the importer, said as such.
        const core::LoadResult check = core::loadScenarioText(host.scenarioJson, "host");
        if (!check.ok()) {
            std::fprintf(stderr,
                         "schedscope-cli host: internal error, the scenario written does not load:\n");
            for (const auto& e : check.errors)
                std::fprintf(stderr, "  %s\n", e.c_str());
            return ExitFailure;
        }
        return writeOutput(out, host.scenarioJson);
    } catch (const core::HostImportError& e) {
        std::fprintf(stderr, "schedscope-cli host: %s\n", e.what());
        return ExitInvalid;
    }
}

} // namespace cli
