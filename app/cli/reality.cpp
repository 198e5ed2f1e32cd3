// schedscope-cli reality FILE: the scenario's tasks as real processes on this host's kernel,
// recorded with perf sched record, beside the simulation of the same scenario (docs/reality.md).
#include "commands.h"

#include "base/kernelmodel.h"
#include "output/simulation.h"
#include "output/summarize.h"
#include "reality/realitycompare.h"
#include "reality/realityrun.h"
#include "signalguard.h"
#include "sim/engine.h"

#include <cstdio>
#include <memory>

namespace cli {

using namespace core;

int cmdReality(Args& args) {
    const auto forText = args.take("--for");
    const auto modelName = args.take("--model");
    const auto costsPath = args.take("--costs");
    const std::string format = args.take("--format").value_or("table");
    const auto out = args.take("--out");
    const auto keep = args.take("--keep");
    const auto perf = args.take("--perf");
    if (reportLeftovers(args))
        return ExitUsage;
    if (args.positional().size() != 1) {
        std::fprintf(stderr, "schedscope-cli reality: name exactly one scenario (a file or builtin:NAME)\n");
        return ExitUsage;
    }
    if (!tableOrJson(format, "reality"))
        return ExitUsage;
    std::optional<SimTime> bound;
    if (forText && !(bound = parseForOption(*forText, "reality")))
        return ExitUsage;
    // The real run uses the scenario as written; the simulation the chosen model and costs.
    std::optional<ScenarioSpec> spec, simSpec;
    RunRequest simRequest;
    simRequest.model = modelName;
    simRequest.costs = costsPath;
    if (const int rc = specForRun(args.positional()[0], RunRequest{}, "reality", spec); rc != ExitOk)
        return rc;
    if (const int rc = specForRun(args.positional()[0], simRequest, "reality", simSpec); rc != ExitOk)
        return rc;

    RealityOptions options;
    options.duration = bound;
    options.keepDir = keep.value_or("");
    options.perf = perf.value_or("");
    options.status = [](const std::string& s) { std::fprintf(stderr, "reality: %s\n", s.c_str()); };
    options.stopRequested = [] { return stopSignal() != 0; };
    RealityRun run;
    {
        SignalGuard guard;
        run = runReality(*spec, options);
    }
    switch (run.status) {
    case RealityRun::Status::Ok:
        break;
    case RealityRun::Status::Interrupted:
        std::fprintf(stderr, "schedscope-cli reality: %s\n", run.error.c_str());
        return 128 + (stopSignal() ? stopSignal() : SIGINT);
    case RealityRun::Status::NoPermission:
    case RealityRun::Status::Refused:
        std::fprintf(stderr, "schedscope-cli reality: %s\n", run.error.c_str());
        return ExitInvalid;
    case RealityRun::Status::Failed:
        std::fprintf(stderr, "schedscope-cli reality: %s\n", run.error.c_str());
        return ExitFailure;
    }

    // The simulation of the same scenario over the same bound.
    simSpec->duration = run.duration;
    const std::string model(kernelModelInfo(simSpec->kernel.model).name);
    std::fprintf(stderr, "reality: simulating the same %s on kernel model %s\n",
                 formatDuration(run.duration).c_str(), model.c_str());
    SimulationOptions ro;
    ro.checkInvariants = true;
    SimulationResult sim = simulate(std::make_shared<const ScenarioSpec>(std::move(*simSpec)), {}, ro);
    if (!sim.ok()) {
        std::fprintf(stderr, "schedscope-cli reality: the simulation failed: %s\n", sim.error.c_str());
        return ExitFailure;
    }
    const RunSummary simulated = summarize(*sim.engine);
    if (!run.keptTrace.empty())
        std::fprintf(stderr, "reality: the recording is in %s (open it in the GUI's Compare A/B)\n",
                     run.keptTrace.c_str());
    return writeOutput(out, format == "json" ? realityJson(run, simulated, model)
                                             : realityTable(run, simulated, model));
}

} // namespace cli
