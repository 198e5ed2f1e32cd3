#!/usr/bin/env bash
# Why SchedScope writes Perfetto traces with its own encoder (core/base/protowire) rather than
# libprotobuf: the same 10 M sched_switch events, in bundles of 2,048 per CPU as the writer
# makes them, encoded both ways into one buffer, best of 3. Needs protobuf-compiler and
# libprotobuf-dev (Debian); builds in a temporary folder and removes it.
# Usage: scripts/perfetto-encoder-vs-libprotobuf.sh [events]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
events=${1:-10000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/resources/perfetto/schedscope-perfetto.proto" "$tmp/"
protoc --cpp_out="$tmp" -I "$tmp" "$tmp/schedscope-perfetto.proto"
cat > "$tmp/bench.cpp" <<'CPP'
#include "base/protowire.h"
#include "schedscope-perfetto.pb.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using Clock = std::chrono::steady_clock;
static const char* kComms[] = {"cc#0", "cc#1", "client#0", "server#1", "swapper/3", "db#2"};

static double ours(long n, std::string& out) {
    const auto t0 = Clock::now();
    core::proto::Writer w, bundle;
    for (long i = 0; i < n; i += 2048) {
        bundle.clear();
        for (long j = i; j < i + 2048 && j < n; ++j) {
            const size_t e = bundle.beginNested(2);
            bundle.varint(1, 1000000 + uint64_t(j) * 700);
            bundle.varint(2, uint64_t(j % 400 + 1));
            const size_t s = bundle.beginNested(4);
            bundle.bytes(1, kComms[j % 6]);
            bundle.int64(2, j % 400 + 1);
            bundle.int64(3, 120);
            bundle.int64(4, j % 3 == 0 ? 256 : 1);
            bundle.bytes(5, kComms[(j + 1) % 6]);
            bundle.int64(6, (j + 1) % 400 + 1);
            bundle.int64(7, 120);
            bundle.endNested(s);
            bundle.endNested(e);
        }
        const size_t p = w.beginNested(1);
        const size_t f = w.beginNested(1);
        w.varint(1, uint64_t(i / 2048 % 8));
        w.data().append(bundle.data());
        w.endNested(f);
        w.endNested(p);
    }
    out.swap(w.data());
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

static double libprotobuf(long n, std::string& out) {
    const auto t0 = Clock::now();
    out.clear();
    perfetto::protos::TracePacket packet;
    for (long i = 0; i < n; i += 2048) {
        packet.Clear();
        auto* b = packet.mutable_ftrace_events();
        b->set_cpu(uint32_t(i / 2048 % 8));
        for (long j = i; j < i + 2048 && j < n; ++j) {
            auto* e = b->add_event();
            e->set_timestamp(1000000 + uint64_t(j) * 700);
            e->set_pid(uint32_t(j % 400 + 1));
            auto* s = e->mutable_sched_switch();
            s->set_prev_comm(kComms[j % 6]);
            s->set_prev_pid(int32_t(j % 400 + 1));
            s->set_prev_prio(120);
            s->set_prev_state(j % 3 == 0 ? 256 : 1);
            s->set_next_comm(kComms[(j + 1) % 6]);
            s->set_next_pid(int32_t((j + 1) % 400 + 1));
            s->set_next_prio(120);
        }
        // Trace.packet (field 1): tag, length, then the packet.
        const std::string bytes = packet.SerializeAsString();
        out.push_back(0x0a);
        uint64_t len = bytes.size();
        while (len >= 0x80) {
            out.push_back(char((len & 0x7f) | 0x80));
            len >>= 7;
        }
        out.push_back(char(len));
        out += bytes;
    }
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

int main(int argc, char** argv) {
    const long n = argc > 1 ? std::atol(argv[1]) : 10000000;
    std::string a, b;
    double bestA = 1e9, bestB = 1e9;
    for (int r = 0; r < 3; ++r) {
        bestA = std::min(bestA, ours(n, a));
        bestB = std::min(bestB, libprotobuf(n, b));
    }
    perfetto::protos::Trace check;
    if (!check.ParseFromString(a) || check.packet_size() == 0) {
        std::fprintf(stderr, "libprotobuf cannot parse the hand-written encoding\n");
        return 1;
    }
    std::printf("%ld sched_switch events, best of 3, one thread\n", n);
    std::printf("  hand-written (core/base/protowire)  %6.3f s  %6.1f M events/s  %6.1f MiB\n", bestA,
                n / bestA / 1e6, a.size() / 1048576.0);
    std::printf("  libprotobuf %s (generated code)  %6.3f s  %6.1f M events/s  %6.1f MiB\n",
                google::protobuf::internal::VersionString(GOOGLE_PROTOBUF_VERSION).c_str(), bestB,
                n / bestB / 1e6, b.size() / 1048576.0);
    std::printf("  libprotobuf parses the hand-written bytes: %d packets\n", check.packet_size());
    return 0;
}
CPP
g++ -std=c++20 -O2 -I "$root/core" -I "$tmp" "$tmp/bench.cpp" "$tmp/schedscope-perfetto.pb.cc" \
  "$root/core/base/protowire.cpp" -lprotobuf -lpthread -o "$tmp/bench"
"$tmp/bench" "$events"
