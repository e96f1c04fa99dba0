# gyoku: one GNU Makefile for the library, the tools, the tests and the benchmarks.
#
#   make          build bin/gyoku (release)
#   make test     install what is missing, build, run every test
#   make bench    perft speed next to Fairy-Stockfish
#   make run      install what is missing, build, start gyoku
#   make debug    ASan/UBSan build with position checks (bin/debug/)
#   make fuzz     libFuzzer on the SFEN and USI move parsers (FUZZ_SECONDS each)
#   make clean

CC ?= cc
ifeq ($(origin CC),default)
CC := gcc
endif
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60

WARN := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Wundef -Wwrite-strings \
	-Wmissing-prototypes -Wstrict-prototypes -Werror
INC := -Iinclude -Ilib
RELEASE_FLAGS := -O3 -march=native -DNDEBUG
DEBUG_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -DGY_DEBUG
CFLAGS ?=
LDFLAGS ?=
# Libraries libgyoku links with (JSON for JKF records).
LDLIBS := -ljansson

LIB_SRC := $(wildcard lib/*.c)
APP_SRC := $(wildcard app/*.c)
TEST_SRC := $(wildcard tests/t_*.c)
TOOL_SRC := $(wildcard tests/tools/*.c)
FUZZ_SRC := $(wildcard tests/fuzz/*.c)

REL_LIB_OBJ := $(LIB_SRC:%.c=build/release/%.o)
DBG_LIB_OBJ := $(LIB_SRC:%.c=build/debug/%.o)
TESTS := $(TEST_SRC:tests/%.c=bin/tests/%)
DEBUG_TESTS := $(TEST_SRC:tests/%.c=bin/debug/tests/%)
TOOLS := $(TOOL_SRC:tests/tools/%.c=bin/tools/%)
FUZZERS := $(FUZZ_SRC:tests/fuzz/%.c=bin/fuzz/%)

.PHONY: all test test-build bench run debug fuzz deps clean
.SECONDARY:
.DEFAULT_GOAL := all

all: bin/gyoku

deps:
	@scripts/deps.sh

build/release/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(WARN) $(RELEASE_FLAGS) $(CFLAGS) $(INC) -MMD -MP -c $< -o $@

build/debug/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $< (debug)"
	@$(CC) $(WARN) $(DEBUG_FLAGS) $(CFLAGS) $(INC) -MMD -MP -c $< -o $@

build/release/libgyoku.a: $(REL_LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

build/debug/libgyoku.a: $(DBG_LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

bin/gyoku: $(APP_SRC:%.c=build/release/%.o) build/release/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/debug/gyoku: $(APP_SRC:%.c=build/debug/%.o) build/debug/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(DEBUG_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/tests/%: build/release/tests/%.o build/release/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/debug/tests/%: build/debug/tests/%.o build/debug/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(DEBUG_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/tools/%: build/release/tests/tools/%.o build/release/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

build/release/tests/%.o build/debug/tests/%.o: INC += -Itests

# libFuzzer targets: clang, with the library sources compiled in.
bin/fuzz/%: tests/fuzz/%.c $(LIB_SRC)
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@"
	@$(FUZZ_CC) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -DGY_DEBUG $(INC) $^ $(LDLIBS) -o $@

debug: bin/debug/gyoku $(DEBUG_TESTS)

test-build: bin/gyoku bin/debug/gyoku $(TESTS) $(DEBUG_TESTS) $(TOOLS) $(FUZZERS)

test: deps
	@$(MAKE) -s --no-print-directory test-build
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-20} tests/run.sh

fuzz: $(FUZZERS)
	@for f in $(FUZZERS); do \
		mkdir -p build/corpus/$$(basename $$f); \
		$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 build/corpus/$$(basename $$f) tests/fuzz/seeds \
			tests/data/csa tests/data/kif tests/data/jkf || exit 1; \
	done

bench: deps bin/gyoku
	@bench/perft.sh

run: deps bin/gyoku
	bin/gyoku shell

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
