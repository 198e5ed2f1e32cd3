// schedscope-cli calibrate [--out FILE] [--quick] [--traced]: measures this host's kernel costs,
// writes a costs file for `run --costs`, and checks the simulated pipe round trips against the
// measured ones (docs/calibration.md). --traced measures them while the machine is traced as
// `record` traces it: the costs a recorded run paid, for replaying a record folder.
#include "commands.h"

#include "base/kernelmodel.h"
#include "reality/calibration.h"
#include "reality/recordsession.h"
#include "signalguard.h"

#include <sys/utsname.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace cli {

namespace {

std::string hostDescription(const core::HostMeasurements& m, bool traced) {
    utsname u{};
    std::string s =
        uname(&u) == 0 ? std::string(u.sysname) + " " + u.release + " " + u.machine : "unknown kernel";
    s += ", measured on cpu" + std::to_string(m.cpuA);
    if (m.cpuB >= 0)
        s += " and cpu" + std::to_string(m.cpuB);
    if (traced)
        s += ", under schedscope-cli record's tracing";
    return s;
}

std::string pct(double sim, double real) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.0f%%", (sim - real) / real * 100);
    return buf;
}

} // namespace

int cmdCalibrate(Args& args) {
    const auto out = args.take("--out");
    const bool quick = args.flag("--quick");
    const bool traced = args.flag("--traced");
    const std::string model = args.take("--model").value_or("v6.12");
    auto left = args.leftovers();
    if (!left.empty() || !args.positional().empty()) {
        for (const std::string& l : left)
            std::fprintf(stderr, "schedscope-cli: unknown option %s\n", l.c_str());
        for (const std::string& p : args.positional())
            std::fprintf(stderr, "schedscope-cli calibrate: unexpected argument \"%s\"\n", p.c_str());
        return ExitUsage;
    }
    if (!core::kernelModelFromName(model)) {
        std::fprintf(stderr,
                     "schedscope-cli calibrate: unknown kernel model \"%s\"; see schedscope-cli models\n",
                     model.c_str());
        return ExitUsage;
    }
    core::MeasureOptions options;
    if (quick) {
        options.batchSeconds = 0.01;
        options.batches = 5;
    }
    std::fprintf(stderr, "measuring this host's kernel%s (about %.0f s)...\n",
                 traced ? " under record's tracing" : "",
                 options.batchSeconds * options.batches * 12 * 1.3 + (traced ? 2 : 0));
    core::HostMeasurements m;
    try {
        if (!traced) {
            m = core::measureHost(options);
        } else {
            // A Ctrl+C or SIGTERM lets the measurement end, so that perf is stopped and its
            // temporary folder removed, and then nothing is written.
            SignalGuard guard;
            if (std::string e = core::underRecordTracing("", [&] { m = core::measureHost(options); });
                !e.empty()) {
                std::fprintf(stderr, "schedscope-cli calibrate: --traced: %s\n", e.c_str());
                return ExitFailure;
            }
            if (const int sig = stopSignal()) {
                std::fprintf(
                    stderr, "schedscope-cli calibrate: stopped by signal %d; perf stopped, nothing written\n",
                    sig);
                return ExitFailure;
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "schedscope-cli calibrate: %s\n", e.what());
        return ExitFailure;
    }
    const core::Calibration c = core::calibrate(m);
    const std::string host = hostDescription(m, traced);

    std::fprintf(stderr, "\n%s\n\n%-16s %10s %10s   %s\n", host.c_str(), "cost", "default", "this host",
                 "from");
    std::map<core::CostOp, core::SimTime> costs;
    for (const core::CalibratedCost& cc : c.costs) {
        costs[cc.op] = cc.value;
        const core::CostInfo& info = core::costCatalog()[static_cast<size_t>(cc.op)];
        std::fprintf(stderr, "%-16s %10s %10s   %s\n", std::string(info.name).c_str(),
                     core::formatDuration(info.defaultCost).c_str(), core::formatDuration(cc.value).c_str(),
                     cc.derivation.c_str());
    }
    for (const std::string& n : c.notes)
        std::fprintf(stderr, "note: %s\n", n.c_str());

    // The check: pipe round trips were not used to derive any cost, so the simulated ones are
    // predictions.
    std::fprintf(stderr, "\npipe round trip (1 byte, ping-pong; kernel model %s)\n%-12s %10s %18s %18s\n",
                 model.c_str(), "", "measured", "sim. defaults", "sim. calibrated");
    bool within = true;
    for (bool cross : {false, true}) {
        const std::optional<double> real = cross ? m.pipeCrossCpuNs : std::optional<double>(m.pipeSameCpuNs);
        if (!real)
            continue;
        const double def = core::simulatedPipeRoundTripNs(cross, {}, model);
        const double cal = core::simulatedPipeRoundTripNs(cross, costs, model);
        within = within && std::abs(cal - *real) <= 0.25 * *real;
        std::fprintf(stderr, "%-12s %8.2fus %10.2fus %5s %10.2fus %5s\n", cross ? "across CPUs" : "one CPU",
                     *real / 1000, def / 1000, pct(def, *real).c_str(), cal / 1000, pct(cal, *real).c_str());
    }
    std::fprintf(stderr, "calibrated prediction %s within 25%% of the measured round trips\n\n",
                 within ? "is" : "is NOT");
    return writeOutput(out, core::costsFileJson(c, m, host));
}

} // namespace cli
