# gyoku: one GNU Makefile for the library, the tools, the tests and the benchmarks.
#
#   make          build bin/gyoku and bin/gyoku-usi (release)
#   make check    the quick tier, about a minute on two cores from a built tree: build the release
#                 programs and unit tests, run the unit tests, the command-line cases, the search
#                 signature, the match, tune, train and play scripts, the broken puzzles and the layers (tests/run.sh quick)
#   make test     install what is missing, build, run every test: the full tier, what CI runs
#                 (tests/run.sh full; the fuzzers for FUZZ_SECONDS each, 5 unless set)
#   make bench    perft and search speed next to Fairy-Stockfish, mate solver times (and next to KomoringHeights),
#                 the web server under load and with 10,000 event streams, the engine in WebAssembly next to
#                 the native one
#   make run      install what is missing, build, start the web server (gyoku serve) on http://127.0.0.1:8080
#   make debug    ASan/UBSan build with position checks (bin/debug/)
#   make pgo      the release programs rebuilt with profile-guided optimisation, trained by gyoku-usi bench (linear, then the network)
#   make fuzz     libFuzzer on every parser in tests/fuzz (FUZZ_SECONDS each, 60 unless set)
#   make web      the browser board into web/dist (installs web/node_modules from the lockfile first), with
#                 the engine in WebAssembly (web/dist/engine) when emscripten is installed
#   make screenshots  the site photographed into docs/screenshots/ (lobby, game, finished game, profile; en, ja)
#   make clean

CC ?= cc
ifeq ($(origin CC),default)
CC := gcc
endif
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60

WARN := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Wundef -Wwrite-strings \
	-Wmissing-prototypes -Wstrict-prototypes -Werror
# Every part sees the public headers; which private headers each sees is below ("The layers").
INC := -Iinclude
RELEASE_FLAGS := -O3 -march=native -DNDEBUG
DEBUG_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -DGY_DEBUG
CFLAGS ?=
LDFLAGS ?=
DEFS :=
# Libraries libgyoku links with (JSON for JKF records); the engine's threads; the
# server's HTTP, databases, password hashing and digests.  --as-needed keeps the
# programs that use no server code free of the server's libraries.
LDLIBS := -Wl,--as-needed -ljansson -pthread -lm -lmicrohttpd -lsqlite3 -lpq -largon2 -lcrypto

LIB_SRC := $(wildcard lib/*.c)
MATE_SRC := $(wildcard mate/*.c)
# The evaluation weights are data, data/eval/weights.txt (written by gyoku tune), built into the
# engine as engine/eval_weights_data.c generated in build/gen/ (below).
EVAL_WEIGHTS := data/eval/weights.txt
ENGINE_GEN := engine/eval_weights_data.c
ENGINE_SRC := $(wildcard engine/*.c) $(ENGINE_GEN)
SERVER_SRC := $(wildcard server/*.c)
# app/main.c is the gyoku program and app/usi_main.c gyoku-usi; the rest of app/ and dev/ are archives.
MAIN := app/main.c
USI_MAIN := app/usi_main.c
# app/usi_wasm.c is gyoku-usi for the browser (the engine in WebAssembly, below).
USI_WASM_MAIN := app/usi_wasm.c
# app/rules_wasm.c is libgyoku's rules and notation for the browser's page (gyoku-rules, below).
RULES_WASM_MAIN := app/rules_wasm.c
APP_SRC := $(filter-out $(MAIN) $(USI_MAIN) $(USI_WASM_MAIN) $(RULES_WASM_MAIN),$(wildcard app/*.c))
DEV_SRC := $(wildcard dev/*.c)
TEST_SRC := $(wildcard tests/t_*.c)
TOOL_SRC := $(wildcard tests/tools/*.c)
FUZZ_SRC := $(wildcard tests/fuzz/*.c)

# The layers as archives, listed top layer first for the linker (design.md "Layers"): the
# engine-development tools use the commands' helpers (app/args.h), the commands the server.
REL_LIBS := build/release/libgyoku_dev.a build/release/libgyoku_app.a build/release/libgyoku_server.a \
	build/release/libgyoku_engine.a build/release/libgyoku_mate.a build/release/libgyoku.a
DBG_LIBS := $(REL_LIBS:build/release/%=build/debug/%)
TESTS := $(TEST_SRC:tests/%.c=bin/tests/%)
DEBUG_TESTS := $(TEST_SRC:tests/%.c=bin/debug/tests/%)
TOOLS := $(TOOL_SRC:tests/tools/%.c=bin/tools/%)
FUZZERS := $(FUZZ_SRC:tests/fuzz/%.c=bin/fuzz/%)

.PHONY: all check check-build test test-build bench soak run debug pgo fuzz deps clean screenshots
.SECONDARY:
.DEFAULT_GOAL := all

all: bin/gyoku bin/gyoku-usi

deps:
	@scripts/deps.sh

# compile FLAGS[,NOTE]: the recipe of an object from its C file, a source or one generated in build/gen/.
define compile
	@mkdir -p $(dir $@)
	@echo "  CC      $<$(2)"
	@$(CC) $(WARN) $(1) $(CFLAGS) $(INC) $(DEFS) -MMD -MP -c $< -o $@
endef
build/release/%.o: %.c
	$(call compile,$(RELEASE_FLAGS))
build/release/%.o: build/gen/%.c
	$(call compile,$(RELEASE_FLAGS))
build/debug/%.o: %.c
	$(call compile,$(DEBUG_FLAGS), (debug))
build/debug/%.o: build/gen/%.c
	$(call compile,$(DEBUG_FLAGS), (debug))

# The weights as C (scripts/eval_weights.sh), again when the data or the script changes.
build/gen/$(ENGINE_GEN): $(EVAL_WEIGHTS) scripts/eval_weights.sh
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	@scripts/eval_weights.sh $< > $@.tmp && mv $@.tmp $@

# The version (include/gyoku/version.h) names the commit it was built from, when built from a git
# checkout: lib/version.c gets `git describe` as GY_GIT_DESCRIBE, and build/git-describe.txt, rewritten
# only when that changes, makes lib/version.c compile again then.  Without git it is GY_VERSION alone.
GIT_DESCRIBE := $(if $(wildcard .git),$(shell git describe --always --dirty 2>/dev/null | tr -cd 'A-Za-z0-9._+-'))
build/git-describe.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(GIT_DESCRIBE)' | cmp -s - $@ || echo '$(GIT_DESCRIBE)' > $@
build/release/lib/version.o build/debug/lib/version.o: build/git-describe.txt
build/release/lib/version.o build/debug/lib/version.o: DEFS += -DGY_GIT_DESCRIBE='"$(GIT_DESCRIBE)"'
# The NNUE trainer's Adam steps vectorise only when sqrtf need not set errno (its arguments are never negative).
build/release/dev/train_cmd.o build/debug/dev/train_cmd.o: DEFS += -fno-math-errno
.PHONY: FORCE
FORCE:

# The built-in network (engine/nnue_builtin.c): data/nnue/gyoku.nnue when it exists, copied into the
# engine by the assembler (.incbin); build/nnue-builtin.txt, rewritten only when the file appears or
# goes, makes the object compile again then.  The WebAssembly builds embed none.
NNUE_FILE := $(wildcard data/nnue/gyoku.nnue)
build/nnue-builtin.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(NNUE_FILE)' | cmp -s - $@ || echo '$(NNUE_FILE)' > $@
build/release/engine/nnue_builtin.o build/debug/engine/nnue_builtin.o: build/nnue-builtin.txt $(NNUE_FILE)
build/release/engine/nnue_builtin.o build/debug/engine/nnue_builtin.o: \
	DEFS += $(if $(NNUE_FILE),-DGY_NNUE_FILE='"$(NNUE_FILE)"')

define layer_archive
build/$(1)/libgyoku$(2).a: $$($(3):%.c=build/$(1)/%.o)
	@mkdir -p $$(dir $$@)
	@rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach b,release debug,$(eval $(call layer_archive,$(b),,LIB_SRC)) \
	$(eval $(call layer_archive,$(b),_mate,MATE_SRC)) $(eval $(call layer_archive,$(b),_engine,ENGINE_SRC)) \
	$(eval $(call layer_archive,$(b),_server,SERVER_SRC)) $(eval $(call layer_archive,$(b),_app,APP_SRC)) \
	$(eval $(call layer_archive,$(b),_dev,DEV_SRC)))

# The layers (design.md "Layers"): each part compiles with include/ and the private headers it may
# see, its own folder's alone, but for the engine-development tools (dev/), which also see the
# engine's internals and the commands' helpers.  A layer that includes another's private header
# does not compile (tests/layers.sh tries each), and scripts/checksrc.sh refuses an include path
# with "../" in it.
LAYER_INC_lib := -Ilib
LAYER_INC_mate := -Imate
LAYER_INC_engine := -Iengine
# The server includes libpq's header from where libpq-dev puts it.
PG_INC := $(shell pg_config --includedir 2>/dev/null)
LAYER_INC_server := -Iserver $(if $(PG_INC),-I$(PG_INC))
LAYER_INC_app := -Iapp
LAYER_INC_dev := -Idev -Iapp -Iengine
$(foreach b,release debug wasm/base wasm/simd wasm/mt,$(foreach l,lib mate engine server app dev,\
	$(eval build/$(b)/$(l)/%.o: INC += $$(LAYER_INC_$(l)))))
# A test sees its own folder's headers, and the private headers of the layer it tests, named here.
tests_of = $(foreach t,$(1),build/release/tests/$(t).o build/debug/tests/$(t).o)
build/release/tests/%.o build/debug/tests/%.o: INC += -Itests
$(call tests_of,t_jkf t_tctext t_roundtrip): INC += $(LAYER_INC_lib)
$(call tests_of,t_eval t_nnue t_timeman t_tt tools/nnue_random): INC += $(LAYER_INC_engine)
$(call tests_of,t_mate): INC += $(LAYER_INC_mate)
$(call tests_of,t_server_units t_store): INC += $(LAYER_INC_server)
$(call tests_of,t_usi): INC += $(LAYER_INC_app)
$(call tests_of,t_match_stats t_packed t_train): INC += $(LAYER_INC_dev)
build/release/tests/tools/packdump.o: INC += $(LAYER_INC_dev)

bin/gyoku: build/release/$(MAIN:.c=.o) $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/debug/gyoku: build/debug/$(MAIN:.c=.o) $(DBG_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(DEBUG_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/gyoku-usi: build/release/$(USI_MAIN:.c=.o) $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/debug/gyoku-usi: build/debug/$(USI_MAIN:.c=.o) $(DBG_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(DEBUG_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

# t_fault fails each allocation of libgyoku in turn through these wrappers (tests/t_fault.c).
bin/tests/t_fault bin/debug/tests/t_fault: LDFLAGS += -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

bin/tests/%: build/release/tests/%.o $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/debug/tests/%: build/debug/tests/%.o $(DBG_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(DEBUG_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

bin/tools/%: build/release/tests/tools/%.o $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

# libFuzzer targets: clang, with the library sources compiled in (with the library's flags).
bin/fuzz/%: tests/fuzz/%.c $(LIB_SRC)
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@"
	@$(FUZZ_CC) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -DGY_DEBUG $(INC) $(LAYER_INC_lib) $^ $(LDLIBS) \
		-o $@
# The training record's decoder (dev/packed.c) is fuzzed with the library.
bin/fuzz/fuzz_packed: dev/packed.c
bin/fuzz/fuzz_packed: INC += -Idev

# The network file's reader is the engine's (engine/nnue.c).
bin/fuzz/fuzz_nnue: engine/nnue.c engine/nnue_infer.c
bin/fuzz/fuzz_nnue: INC += $(LAYER_INC_engine)

# The browser front end (web/, docs/server.md): bundled by npm into web/dist when a source is newer.
WEB_SRC := $(shell find web/src -type f 2>/dev/null) web/index.html web/package.json web/build.mjs
.PHONY: web
web: web/dist/index.html web-engine
web/dist/index.html: $(WEB_SRC) | web/node_modules
	@echo "  NPM     web/dist"
	@npm run build --prefix web --silent
# Its npm packages (tsc, esbuild) from the lockfile, as scripts/deps.sh installs them, so that `make web`
# works on a fresh checkout; again when the lockfile is newer.
web/node_modules: web/package-lock.json
	@echo "  NPM     web/node_modules"
	@npm ci --prefix web --no-audit --no-fund --loglevel=error > /dev/null
	@touch $@

# The engine in the browser (docs/server.md "The engine in the browser"): gyoku-usi compiled by Debian's
# emscripten, from the same sources as the native engine (libgyoku without the JKF and text-encoding
# files it does not use, the mate solver, the engine, the USI session of app/usi.c and app/usi_wasm.c),
# three times, into build/wasm/: gyoku-engine.{js,wasm} for every browser and gyoku-engine-simd.{js,wasm}
# with 128-bit SIMD, both with one thread (GY_NO_THREADS: a search runs to its end inside the call);
# and gyoku-engine-mt.{js,wasm} with SIMD and threads (emscripten's pthreads: each thread a Web Worker,
# gyoku-engine-mt.worker.js, sharing the memory, a SharedArrayBuffer, which a browser gives only to a
# cross-origin isolated page: gyoku serve sends the headers), whose search runs on the engine's threads
# as natively, so `stop` is heard during a search.  Its pool of workers is made when the module starts,
# as many as the module's `gyThreads` asks (the Threads the page will set; 1 when absent), so that no
# thread waits for a worker to be made.  web/src/engine-worker.js picks the variant; web/build.mjs
# copies them into web/dist/engine/.  Debian's emscripten comes with its system libraries built (its
# cache in /usr/share/emscripten, read-only), so nothing is built into a cache at the first use.
# Without emcc the rest of `make web` builds and this says the engine was skipped.
EMCC ?= emcc
EMCC_FOUND := $(shell command -v $(EMCC) 2>/dev/null)
WASM_FLAGS := -O3 -DNDEBUG
WASM_LIB_SRC := $(filter-out lib/jkf_read.c lib/jkf_write.c lib/json_locate.c lib/textenc.c,$(LIB_SRC))
WASM_SRC := $(WASM_LIB_SRC) $(MATE_SRC) $(ENGINE_SRC) app/usi.c $(USI_WASM_MAIN)
WASM_LINK := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=160MB -sMODULARIZE=1 -sEXPORT_NAME=createGyokuEngine \
	-sENVIRONMENT=web,worker,node -sEXPORTED_RUNTIME_METHODS=ccall -sFILESYSTEM=0 -sTOTAL_STACK=8MB
WASM_EXPORTS := -sEXPORTED_FUNCTIONS=_gy_usi_command,_gy_usi_bench
# The threaded variant: each thread's stack as large as the first's; the answers are taken from a queue
# (gy_usi_take, app/usi_wasm.c); growing shared memory is slower for the JavaScript glue only.
WASM_MT_LINK := -pthread -sPTHREAD_POOL_SIZE=Module.gyThreads\|\|1 -sDEFAULT_PTHREAD_STACK_SIZE=8MB \
	-sEXPORTED_FUNCTIONS=_gy_usi_command,_gy_usi_bench,_gy_usi_take -Wno-pthreads-mem-growth
# The rules in the browser: libgyoku alone (no engine, no solver) with app/rules_wasm.c, the legal
# moves, check and move texts of any position for the page's main thread (web/src/rules.js,
# notation.js), built for size (-Os; the linker drops what the exported calls do not reach) into
# build/wasm/gyoku-rules.{js,wasm}, which web/build.mjs copies into web/dist/engine/.
RULES_WASM_LINK := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=4MB -sTOTAL_STACK=512KB -sMODULARIZE=1 \
	-sEXPORT_NAME=createGyokuRules -sENVIRONMENT=web,node -sEXPORTED_RUNTIME_METHODS=ccall -sFILESYSTEM=0 \
	-sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 \
	-sEXPORTED_FUNCTIONS=_gy_rules_set,_gy_rules_legal,_gy_rules_in_check,_gy_rules_move_text,_gy_rules_line_text
WASM_OUT := build/wasm/gyoku-engine.js build/wasm/gyoku-engine-simd.js build/wasm/gyoku-engine-mt.js \
	build/wasm/gyoku-rules.js
.PHONY: web-engine
ifneq ($(EMCC_FOUND),)
web-engine: $(WASM_OUT)
web/dist/index.html: $(WASM_OUT)
else
web-engine:
	@echo "  WASM    skipped: emcc is not installed (scripts/deps.sh installs emscripten)"
endif
# wasm_build VARIANT,CFLAGS,SUFFIX,LINKFLAGS: the objects in build/wasm/VARIANT/ and build/wasm/gyoku-engine[SUFFIX].js.
define wasm_build
build/wasm/$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	@echo "  EMCC    $$< ($(1))"
	@$$(EMCC) $$(WARN) $$(WASM_FLAGS) $(2) $$(INC) -MMD -MP -c $$< -o $$@
build/wasm/$(1)/%.o: build/gen/%.c
	@mkdir -p $$(dir $$@)
	@echo "  EMCC    $$< ($(1))"
	@$$(EMCC) $$(WARN) $$(WASM_FLAGS) $(2) $$(INC) -MMD -MP -c $$< -o $$@
build/wasm/gyoku-engine$(3).js: $$(patsubst %.c,build/wasm/$(1)/%.o,$$(WASM_SRC))
	@echo "  EMLD    $$@"
	@NODE_PATH=/usr/share/nodejs $$(EMCC) $$(WASM_FLAGS) $(2) $$(WASM_LINK) $(4) $$^ -o $$@
endef
$(eval $(call wasm_build,base,-DGY_NO_THREADS,,$$(WASM_EXPORTS)))
$(eval $(call wasm_build,simd,-DGY_NO_THREADS -msimd128,-simd,$$(WASM_EXPORTS)))
$(eval $(call wasm_build,mt,-pthread -msimd128,-mt,$$(WASM_MT_LINK)))
build/wasm/rules/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  EMCC    $< (rules)"
	@$(EMCC) $(WARN) -Os -DNDEBUG -DGY_NO_THREADS $(INC) -MMD -MP -c $< -o $@
build/wasm/rules/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	@echo "  EMCC    $< (rules)"
	@$(EMCC) $(WARN) -Os -DNDEBUG -DGY_NO_THREADS $(INC) -MMD -MP -c $< -o $@
build/wasm/gyoku-rules.js: $(patsubst %.c,build/wasm/rules/%.o,$(WASM_LIB_SRC) $(RULES_WASM_MAIN))
	@echo "  EMLD    $@"
	@NODE_PATH=/usr/share/nodejs $(EMCC) -Os -DNDEBUG $(RULES_WASM_LINK) $^ -o $@

debug: bin/debug/gyoku bin/debug/gyoku-usi $(DEBUG_TESTS)

test-build: bin/gyoku bin/gyoku-usi bin/debug/gyoku bin/debug/gyoku-usi $(TESTS) $(DEBUG_TESTS) $(TOOLS) $(FUZZERS) web

test: deps
	@$(MAKE) -s --no-print-directory test-build
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-5} tests/run.sh full

# The quick tier needs no sanitizer build, fuzzer, npm package or database.
check-build: bin/gyoku bin/gyoku-usi $(TESTS) $(TOOLS)

check:
	@$(MAKE) -s --no-print-directory check-build
	@tests/run.sh quick

fuzz: $(FUZZERS)
	@for f in $(FUZZERS); do \
		mkdir -p build/corpus/$$(basename $$f); \
		$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 build/corpus/$$(basename $$f) tests/fuzz/seeds \
			tests/data/csa tests/data/kif tests/data/jkf tests/data/movelist || exit 1; \
	done

# The web server's load generators (bench/server.sh and bench/streams.sh run them against `gyoku serve`,
# as separate processes); bench/load_http.c is their HTTP client.
bin/tools/server_load: build/release/bench/server_load.o build/release/bench/load_http.o $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
bin/tools/stream_load: build/release/bench/stream_load.o build/release/bench/load_http.o $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
# A network of random weights in YaneuraOu's file format, for bench/nnue_peer.sh (a program on its own).
bin/tools/yo_nnue_net: build/release/bench/yo_nnue_net.o
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ -o $@
# The line checks and the positions of bench/mate_peer.sh (libgyoku only).
bin/tools/mate_line: build/release/bench/mate_line.o build/release/libgyoku.a
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
# What N engines cost in creation, first search and memory (the built-in network shared, docs/nnue.md).
bin/tools/engine_mem: build/release/bench/engine_mem.o $(REL_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(RELEASE_FLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
test-build: bin/tools/server_load bin/tools/stream_load bin/tools/yo_nnue_net bin/tools/mate_line bin/tools/engine_mem

bench: deps bin/gyoku bin/gyoku-usi bin/tools/server_load bin/tools/stream_load web-engine bin/tools/yo_nnue_net \
	bin/tools/mate_line \
	$(filter bin/tools/nnue_random,$(TOOLS))
	@bench/perft.sh
	@bench/engine.sh
	@bench/nnue_peer.sh
	@bench/mate.sh
	@bench/mate_peer.sh
	@bench/mate_threads.sh
	@bench/server.sh
	@bench/streams.sh
	@bench/wasm.sh

# The soak (tests/soak/README.md): an hour (SOAK_SECONDS) of games on two instances behind haproxy on
# one PostgreSQL, one instance killed every SOAK_KILL_S seconds; SOAK_STORE=sqlite: one instance on
# SQLite.  Not part of `make test`, which runs a short one (soak-1.x, soak-2.x).
soak: deps bin/gyoku
	@node tests/soak/soak.mjs

run: deps bin/gyoku web
	bin/gyoku serve --port 8080 --db gyoku.db

# The site's pictures in docs/screenshots/ (scripts/screenshots.mjs; pngquant makes them small when installed).
screenshots: deps bin/gyoku web
	node scripts/screenshots.mjs

# Profile-guided optimisation (docs/style.md rule 15): the release objects built to count, the
# bench run to train them (gcc writes each object's .gcda beside it), then built again using the
# counts.  The programs compute the same (the bench signature does not change); only their speed does.
# The bench runs the linear evaluation, then (with a network built in) the network, the default.
PGO_FLAGS := -fprofile-update=atomic
pgo:
	@find build/release -name '*.o' -o -name '*.a' -o -name '*.gcda' 2>/dev/null | xargs rm -f
	@$(MAKE) -s --no-print-directory bin/gyoku bin/gyoku-usi CFLAGS="$(CFLAGS) -fprofile-generate $(PGO_FLAGS)" \
		LDFLAGS="$(LDFLAGS) -fprofile-generate"
	@echo "  PGO     training: bin/gyoku-usi bench$(if $(NNUE_FILE), 0 $(NNUE_FILE))"
	@bin/gyoku-usi bench $(if $(NNUE_FILE),0 $(NNUE_FILE)) > /dev/null 2>&1
	@find build/release -name '*.o' -o -name '*.a' | xargs rm -f
	@$(MAKE) -s --no-print-directory bin/gyoku bin/gyoku-usi \
		CFLAGS="$(CFLAGS) -fprofile-use -fprofile-partial-training -Wno-missing-profile"
	@find build/release -name '*.gcda' | xargs rm -f

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
