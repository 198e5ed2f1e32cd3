# The two README commands and their helpers. Everything builds into build/ (Release with
# assertions and engine invariant checks on); dependencies are installed only when missing.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
OUT ?= out

.PHONY: all deps configure build run test package bench bench-long seeds scale sanitize sanitize-core tsan fuzz format clean

all: build

deps:
	@scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The GUI on the built-in default scenario; without a display, a headless run that writes its
# results to $(OUT)/ and says where.
run: build
	@scripts/run.sh $(BUILD) $(OUT)

test: build
	@scripts/run-tests.sh $(BUILD) $(JOBS)

# The Debian package of both programs: $(BUILD)/schedscope_VERSION_ARCH.deb (cmake/Packaging.cmake);
# dpkg-shlibdeps (dpkg-dev) finds the libraries it depends on.
package: build
	@scripts/deps.sh dpkg-dev
	@cmake --build $(BUILD) --target package

bench: build
	@$(BUILD)/app/schedscope-cli bench engine
	@QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench_occupancy -silent
	@QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench_threadtracks -silent

# The five seed experiments against the published figures, as the README's tables.
seeds: build
	@$(BUILD)/app/schedscope-cli bench seeds --format markdown

# Memory over long runs: the engine alone (an hour of builtin:default, 10 M forks), then the
# GUI's controller and History for an hour of simulated time.
bench-long: build
	@$(BUILD)/app/schedscope-cli bench memory
	@$(BUILD)/tests/bench_longrun 3600s 512

# The scaling grid (CPUs x tasks x cgroup depth); docs/performance.md holds the results.
scale: build
	@$(BUILD)/app/schedscope-cli bench scale --format markdown

# Sanitizers. ASan + UBSan: `sanitize` builds and runs every test (GUI tests offscreen);
# `sanitize-core` only the core and CLI tests (what CI runs). TSan: the Qt-free tests, where
# every line that runs is instrumented. Third-party leak suppressions are documented in
# tests/sanitizers/lsan.supp.
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:strict_string_checks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# -O1 -g1: the usual sanitizer level with line tables for the reports, at half the compile time of
# -O2 -g (CI builds this tree from scratch).
SAN_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
	-DSCHEDSCOPE_BENCHMARKS=OFF

sanitize: deps
	@cmake -S . -B $(BUILD)-asan $(SAN_FLAGS) -DSCHEDSCOPE_SANITIZE=address,undefined >/dev/null
	@cmake --build $(BUILD)-asan -j $(JOBS)
	@cd $(BUILD)-asan && $(SAN_ENV) ctest --output-on-failure -j $(JOBS) -LE bench

sanitize-core: deps
	@cmake -S . -B $(BUILD)-asan-core $(SAN_FLAGS) -DSCHEDSCOPE_GUI=OFF -DSCHEDSCOPE_SANITIZE=address,undefined >/dev/null
	@cmake --build $(BUILD)-asan-core -j $(JOBS)
	@cd $(BUILD)-asan-core && $(SAN_ENV) ctest --output-on-failure -j $(JOBS) -L "core|cli"

tsan: deps
	@cmake -S . -B $(BUILD)-tsan $(SAN_FLAGS) -DSCHEDSCOPE_GUI=OFF -DSCHEDSCOPE_SANITIZE=thread >/dev/null
	@cmake --build $(BUILD)-tsan -j $(JOBS) --target tst_threads
	@cd $(BUILD)-tsan && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 ctest --output-on-failure -L qtfree

# libFuzzer (clang-19): each harness for FUZZ_SECONDS (default 300), seeded with the built-in
# scenarios; crashes land in $(BUILD)-fuzz/crashes/ (turn each into tests/data/ regression files).
FUZZ_SECONDS ?= 300
fuzz: deps
	@scripts/deps.sh clang-19 libclang-rt-19-dev
	@scripts/fuzz.sh $(BUILD)-fuzz $(FUZZ_SECONDS)

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	@rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-asan-core $(BUILD)-tsan $(BUILD)-fuzz
