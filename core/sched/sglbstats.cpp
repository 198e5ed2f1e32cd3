#include "sched/sglbstats.h"

namespace core {

const char* sgTypeName(SgType t) {
    switch (t) {
    case SgType::HasSpare:
        return "has_spare";
    case SgType::FullyBusy:
        return "fully_busy";
    case SgType::MisfitTask:
        return "misfit_task";
    case SgType::SmtBalance:
        return "smt_balance";
    case SgType::AsymPacking:
        return "asym_packing";
    case SgType::Imbalanced:
        return "imbalanced";
    case SgType::Overloaded:
        return "overloaded";
    }
    return "?";
}

bool groupIsOverloaded(uint32_t imbalancePct, const SgLbStats& s) {
    if (s.sumNrRunning <= s.weight)
        return false;
    return s.capacity * 100 < s.util * imbalancePct || s.capacity * imbalancePct < s.runnable * 100;
}

bool groupHasCapacity(uint32_t imbalancePct, const SgLbStats& s) {
    if (s.sumNrRunning < s.weight)
        return true;
    if (s.capacity * imbalancePct < s.runnable * 100)
        return false;
    return s.capacity * 100 > s.util * imbalancePct;
}

SgType groupClassify(uint32_t imbalancePct, const SgLbStats& s) {
    if (groupIsOverloaded(imbalancePct, s))
        return SgType::Overloaded;
    if (s.imbalanced)
        return SgType::Imbalanced;
    if (s.smtBalance)
        return SgType::SmtBalance;
    if (!groupHasCapacity(imbalancePct, s))
        return SgType::FullyBusy;
    return SgType::HasSpare;
}

} // namespace core
