#include "sched/task.h"

namespace core {

Task& TaskTable::create(std::string name) {
    uint32_t slot;
    if (!m_free.empty()) {
        slot = m_free.back();
        m_free.pop_back();
    } else {
        slot = static_cast<uint32_t>(m_slots.size());
        m_slots.emplace_back();
    }
    m_slots[slot] = std::make_unique<Task>();
    Task& t = *m_slots[slot];
    t.id = TaskId(m_nextId++);
    t.slot = slot;
    t.name = std::move(name);
    t.se.task = &t;
    ++m_live;
    return t;
}

void TaskTable::destroy(Task& t) {
    const uint32_t slot = t.slot;
    m_slots[slot].reset();
    m_free.push_back(slot);
    --m_live;
}

} // namespace core
