#include "import/tracedmachine.h"

#include "base/bytetext.h"
#include "scenario/modelselection.h"
#include "scenario/validator.h"

#include <algorithm>
#include <set>

namespace core {

std::string recordedCgroupProblem(const std::string& path) {
    if (!isUtf8(path))
        return validation::quoteJson(bytesAsText(path)) + " is not valid UTF-8 text";
    return validation::cgroupPathProblem(path);
}

TracedMachine tracedMachine(size_t cpus, const std::vector<std::string>& cgroupPaths,
                            const ScenarioSpec* host, std::optional<KernelModel> model) {
    TracedMachine m;
    ScenarioSpec& spec = m.spec;
    if (host) {
        spec.topology = host->topology;
        spec.kernel.model = host->kernel.model;
        spec.kernel.hz = host->kernel.hz;
    } else {
        spec.topology.coresPerSocket = static_cast<uint32_t>(std::max<size_t>(cpus, 1));
    }
    if (model)
        spec.kernel.model = *model;
    applyFixedOptimizations(spec.optimizations, spec.kernel.model);
    std::set<std::string> paths;
    for (const std::string& p : cgroupPaths) {
        if (p == "/")
            continue;
        if (std::string problem = recordedCgroupProblem(p); !problem.empty()) {
            m.cgroupProblem = std::move(problem);
            return m;
        }
        paths.insert(p);
    }
    validation::completeCgroupTree(spec.cgroups, paths);
    return m;
}

} // namespace core
