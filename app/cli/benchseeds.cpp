#include "commands.h"

#include "base/atomicfile.h"

#include "experiments/seeds.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace cli {

using namespace core;

/// `bench seeds`: the five seed experiments, change off and on, against the published figures.
int cmdBenchSeeds(Args& args) {
    const bool quick = args.flag("--quick");
    const std::vector<std::string> only = args.takeAll("--only");
    const std::string format = args.take("--format").value_or("table");
    const std::optional<std::string> out = args.take("--out");
    for (const std::string& l : args.leftovers()) {
        std::fprintf(stderr, "schedscope-cli bench seeds: unknown option %s\n", l.c_str());
        return ExitUsage;
    }
    if (format != "table" && format != "json" && format != "markdown") {
        std::fprintf(stderr,
                     "schedscope-cli bench seeds: --format expects table, json or markdown, found \"%s\"\n",
                     format.c_str());
        return ExitUsage;
    }
    const std::vector<std::string> all = seedExperimentIds();
    std::vector<std::string> ids = only.empty() ? all : only;
    for (const std::string& id : ids)
        if (std::find(all.begin(), all.end(), id) == all.end()) {
            std::string known;
            for (const std::string& k : all)
                known += (known.empty() ? "" : ", ") + k;
            std::fprintf(stderr, "schedscope-cli bench seeds: --only expects one of %s, found \"%s\"\n",
                         known.c_str(), id.c_str());
            return ExitUsage;
        }
    if (quick)
        std::fprintf(stderr, "--quick: workloads scaled down; rows whose figure depends on the workload size "
                             "are not compared with the published ones\n");

    SeedOptions options;
    options.quick = quick;
    options.progress = [](const std::string& msg) { std::fprintf(stderr, "  %s\n", msg.c_str()); };
    std::vector<SeedExperiment> results;
    for (size_t i = 0; i < ids.size(); ++i) {
        std::fprintf(stderr, "[%zu/%zu] %s\n", i + 1, ids.size(), ids[i].c_str());
        results.push_back(runSeedExperiment(ids[i], options));
        std::fprintf(stderr, "[%zu/%zu] %s done in %.1f s\n", i + 1, ids.size(), ids[i].c_str(),
                     results.back().wallSeconds);
    }
    const std::string text = format == "json"       ? seedsToJson(results)
                             : format == "markdown" ? seedsToMarkdown(results)
                                                    : seedsToTable(results);
    if (out) {
        const std::string err = writeFileAtomically(*out, text);
        if (!err.empty()) {
            std::fprintf(stderr, "schedscope-cli bench seeds: %s\n", err.c_str());
            return ExitFailure;
        }
        std::fprintf(stderr, "wrote %s\n", out->c_str());
    } else {
        std::fputs(text.c_str(), stdout);
    }
    return ExitOk;
}

} // namespace cli
