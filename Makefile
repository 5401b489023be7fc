# RailForge: two commands on a fresh Debian 12 machine.
#   make run    install what is missing, build, open the editor on the demo level
#   make test   install what is missing, build, run every test (headless)
# Also: make build, make bench, make fuzz (FUZZ_SECONDS=300), make test-asan, make clean,
#   make test-ui       only the editor's UI tests (ctest -L ui), JUnit report in build/junit-ui.xml
#   make ui-baselines  rewrite the golden images in tests/ui/baselines and tests/ui3d/baselines (on purpose; review, commit)
# JUNIT=FILE makes `make test` write a JUnit report too (CI does).

BUILD_DIR   ?= build
WERROR      ?= OFF
JOBS        ?= 2
LEVEL       ?= resources/levels/demo.yaml
CMAKE_FLAGS ?=
JUNIT       ?=

.PHONY: all deps configure build run test test-ui ui-baselines bench fuzz test-asan clean

all: build

deps:
	@bash tools/install-deps.sh

configure: deps
	@cmake --preset default -DRAILFORGE_WERROR=$(WERROR) $(CMAKE_FLAGS) > $(BUILD_DIR).configure.log 2>&1 \
	  || { cat $(BUILD_DIR).configure.log; exit 1; }

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ] && [ -z "$$QT_QPA_PLATFORM" ]; then \
	  echo "railforge: no display. Run it under X, e.g.  xvfb-run -a -s '-screen 0 1600x1000x24' make run" >&2; \
	  echo "           or headless with  QT_QPA_PLATFORM=offscreen make run" >&2; \
	  exit 1; \
	fi
	$(BUILD_DIR)/bin/railforge $(LEVEL)

test: build
	@cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS) --timeout 600 \
	  $(if $(JUNIT),--output-junit $(abspath $(JUNIT)))

test-ui: build
	@cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest -L ui --output-on-failure -j $(JOBS) --timeout 600 \
	  --output-junit $(abspath $(or $(JUNIT),$(BUILD_DIR)/junit-ui.xml))

ui-baselines: build
	@cmake --build $(BUILD_DIR) --target ui-baselines

bench: build
	@$(BUILD_DIR)/bin/bench_proximity

fuzz: build
	@tests/fuzz/run_fuzz.sh $(BUILD_DIR) $(or $(FUZZ_SECONDS),300)

test-asan: deps
	@cmake --preset asan -DRAILFORGE_WERROR=$(WERROR) > build-asan.configure.log 2>&1 \
	  || { cat build-asan.configure.log; exit 1; }
	@cmake --build build-asan -j $(JOBS)
	@cd build-asan && QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0 RAILFORGE_TIME_SCALE=10 \
	  ctest --output-on-failure -j $(JOBS) --timeout 900

clean:
	rm -rf $(BUILD_DIR) build-asan $(BUILD_DIR).configure.log build-asan.configure.log
