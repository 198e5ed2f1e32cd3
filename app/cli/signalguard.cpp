#include "signalguard.h"

#include <iterator>

namespace cli {

namespace {

volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

void onSignal(int sig) {
    g_signal = sig;
}

} // namespace

SignalGuard::SignalGuard() {
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < std::size(kSignals); ++i)
        sigaction(kSignals[i], &sa, &m_old[i]);
}

SignalGuard::~SignalGuard() {
    for (size_t i = 0; i < std::size(kSignals); ++i)
        sigaction(kSignals[i], &m_old[i], nullptr);
}

int stopSignal() {
    return g_signal;
}

} // namespace cli
