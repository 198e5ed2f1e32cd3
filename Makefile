# The two README commands and their helpers. Everything builds into build/ (Release with
# assertions and engine invariant checks on); dependencies are installed only when missing.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
OUT ?= out

.PHONY: all deps configure build run test bench seeds format clean

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
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/app/schedscope-cli bench engine
	@QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench_occupancy -silent

# The five seed experiments against the published figures, as the README's tables.
seeds: build
	@$(BUILD)/app/schedscope-cli bench seeds --format markdown

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	@rm -rf $(BUILD)
