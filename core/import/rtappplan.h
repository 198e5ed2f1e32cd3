#pragma once

// What each rt-app thread definition becomes (after import/rtappparse.h): its scheduling,
// affinity and taskgroup derived from the thread and its first phase; the users of each shared
// resource (conditions, timers, barriers) counted; the scenario tasks ("units") named; each
// barrier's leader and channels chosen. Internal to the rt-app importer (import/rtapp.h).

#include "import/rtappmodel.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace core::rtapp {

using ojson = nlohmann::ordered_json;

/// The scenario's channels: declared once per key, each under a unique, clean name, in the
/// order they are first asked for.
class Channels {
public:
    /// Declares a channel once per key; returns its name. With count > 0 the name gets "{i}".
    std::string channel(const std::string& key, const std::string& want, uint32_t capacity,
                        uint32_t count = 0);
    /// The channel of mutex `m` (capacity 1: a send locks it, a recv unlocks it).
    std::string mutex(const std::string& m);
    /// The channel on which the threads of `waiter` wait for condition `c`.
    std::string cond(const std::string& c, const TaskDef* waiter);
    /// The declarations, as the scenario's "channels" lists them.
    const ojson& declarations() const { return m_channels; }
    /// `s` cut and cleaned for a channel name ('{' and '}' would read as an instance pattern).
    static std::string part(const std::string& s);

private:
    ojson m_channels = ojson::array();
    std::map<std::string, std::string> m_names; ///< key -> the name chosen
    std::set<std::string> m_used;
};

/// A barrier as the scenario writes it: the leader receives one arrival from every other
/// thread on `arrive`, then sends each unit its go.
struct BarrierPlan {
    int64_t threads = 0;
    const Unit* leader = nullptr;
    std::vector<const Unit*> members; ///< every participating unit but the leader
    std::string arrive;
    std::map<const Unit*, std::string> go; ///< per unit: channel name (with {i} when count > 1)
};

/// What the workload becomes, and what writing the programs needs to know about the shared
/// resources. BarrierPlan points into `units`: they are not changed once planned.
struct Plan {
    std::vector<Unit> units;
    // Usage collected over every definition.
    std::map<std::string, std::vector<TaskDef*>> condWaiters; ///< cond -> waiting defs, in order
    std::set<std::string> condWoken;                          ///< conds someone signals or resumes
    std::map<std::string, int64_t> timerThreads;              ///< shared timer -> threads using it
    std::map<std::string, BarrierPlan> barriers;
    Channels channels;
    bool needV612 = false; ///< a fair task has a custom slice: kernel.model "v6.12"
};

/// Derives the definitions' settings (TaskDef's derived fields) and plans the units, barriers
/// and their channels. Throws RtAppError where rt-app would refuse the file.
Plan planWorkload(Workload& w, Messages& msg);

} // namespace core::rtapp
