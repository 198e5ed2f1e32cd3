#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace core {
class Topology;
}

namespace ui {

/// One row of the occupancy timeline: a CPU, or a core or socket summarising its CPUs.
struct Track {
    enum class Kind : uint8_t { Socket, Core, Cpu };
    Kind kind = Kind::Cpu;
    uint32_t first = 0; ///< first CPU it covers (cores and sockets are contiguous CPU ranges)
    uint32_t count = 1; ///< CPUs it covers
    uint32_t index = 0; ///< socket number, global core number or CPU number
    bool expanded = false;
    double position = 0; ///< value-axis centre of the row
    double band = 0.9;   ///< value-axis height drawn (expanded headers are thinner)
    bool summary() const { return count > 1; }
};

/// The rows of the occupancy timeline, the way trace viewers list tracks: socket > core > CPU,
/// each socket or core either expanded into its children or collapsed into one row that sums
/// them. Levels with one child are left out (no socket rows on a one-socket machine, no core
/// rows without SMT). Small machines start fully expanded; big ones with their cores collapsed.
class TrackList {
public:
    /// Machines with at most this many CPUs start with every core expanded.
    static constexpr uint32_t kExpandedUpTo = 32;

    void build(const core::Topology& topo);
    /// The rows shown now, top to bottom.
    const std::vector<Track>& rows() const { return m_rows; }
    /// Value-axis size of all rows.
    double extent() const { return m_extent; }
    static constexpr double kRowHeight = 0.9;    ///< drawn of the 1.0 each row has on the value axis
    static constexpr double kHeaderHeight = 0.5; ///< drawn of the 0.6 an expanded header has

    /// The row whose band contains value v, if any.
    std::optional<size_t> rowAt(double v) const;
    /// The row showing CPU `cpu` now (its own, or the collapsed core or socket holding it).
    std::optional<size_t> rowOfCpu(uint32_t cpu) const;
    /// Whether CPU `cpu` has its own row now.
    bool cpuShown(uint32_t cpu) const;

    /// Expands or collapses row `row` (sockets and cores; CPUs have nothing to expand).
    void toggle(size_t row);
    /// Expands the core (and socket) holding CPU `cpu` so that it gets its own row.
    void reveal(uint32_t cpu);
    void expandAll();
    /// Collapses every core (sockets stay expanded).
    void collapseCores();
    /// "cpu105 (0/13/1)"; "▸ core 13: cpu104-111" collapsed, "▾ core 13" expanded.
    QString label(const Track& t) const;

private:
    void layOut();

    const core::Topology* m_topo = nullptr;
    bool m_socketRows = false;
    bool m_coreRows = false;
    std::vector<bool> m_socketOpen; ///< by socket
    std::vector<bool> m_coreOpen;   ///< by global core
    std::vector<Track> m_rows;
    double m_extent = 0;
};

} // namespace ui
