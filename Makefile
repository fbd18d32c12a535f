# Scrawl: `make run` sets up, builds and opens the window; `make test` sets up, builds and tests, headless.
SHELL := /bin/bash
PREFIX ?= $(HOME)/.local
SWIFT ?= swift
CONFIG ?= release
BUILD_FLAGS := -c $(CONFIG)
APT_PACKAGES := libglfw3-dev libepoxy-dev libgl-dev libegl-dev libpng-dev pkg-config \
                libfreetype-dev libfontconfig-dev fonts-dejavu-core libx11-dev \
                libgl1-mesa-dri libegl-mesa0 xvfb xdotool xclip imagemagick librsvg2-bin xauth \
                libcairo2-dev poppler-utils libglib2.0-dev dbus libxi-dev
# The real-input tests: Xorg with a dummy screen and inputtest pen/touch devices (the driver's
# protocol header is in xserver-xorg-dev), xinput to list and enable them, libXi for XI2.
APT_PACKAGES += xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev libxi-dev xinput

.PHONY: all deps build run test bench install uninstall clean fuzz fuzz-build fuzz-seeds sanitize sanitize-asan sanitize-tsan

all: build

# Installs the Debian packages that are missing (as root, or through sudo).
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing: $$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; else echo "need root or sudo to install: $$missing" >&2; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS) --product scrawl

run: build
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/scrawl $(ARGS)

# Tests run against a release build of the scrawl binary (the window and CLI tests start it).
test: build
	SCRAWL_BIN=$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/scrawl $(SWIFT) test -c $(CONFIG) -Xswiftc -enable-testing --disable-swift-testing

bench: build
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/scrawl bench

install: build
	install -Dm755 "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/scrawl" "$(PREFIX)/bin/scrawl"
	install -Dm644 data/scrawl.desktop "$(PREFIX)/share/applications/scrawl.desktop"
	install -Dm644 data/scrawl-mime.xml "$(PREFIX)/share/mime/packages/scrawl.xml"
	@if command -v update-mime-database >/dev/null; then update-mime-database "$(PREFIX)/share/mime"; fi
	@if command -v update-desktop-database >/dev/null; then update-desktop-database "$(PREFIX)/share/applications"; fi
	@echo "Installed $(PREFIX)/bin/scrawl (make sure $(PREFIX)/bin is on your PATH)"

uninstall:
	rm -f "$(PREFIX)/bin/scrawl" "$(PREFIX)/share/applications/scrawl.desktop" "$(PREFIX)/share/mime/packages/scrawl.xml"

clean:
	rm -rf .build

# Fuzzing and sanitizers (see docs/testing.md). Their builds live in their own
# scratch paths (.build/fuzz, .build/asan, .build/tsan), so they never disturb the normal build.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= replay document journal png

# libFuzzer + ASan on each target for FUZZ_SECONDS; fails on any crash, timeout or memory-limit hit.
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" Fuzz/fuzz.sh run

fuzz-build: deps
	FUZZ_TARGETS="$(FUZZ_TARGETS)" Fuzz/fuzz.sh build

# Regenerates the seed corpora (Fuzz/Corpus) with the product's encoders.
fuzz-seeds: deps
	Fuzz/fuzz.sh seeds

# The tests under ASan (all of them, FULL=1 / ASAN_FILTER=regex) and the journal, save, recovery
# and document tests under TSan; fails on any sanitizer report or test failure.
sanitize: deps
	@FULL=$(FULL) ASAN_FILTER="$(ASAN_FILTER)" Scripts/sanitize.sh asan; a=$$?; Scripts/sanitize.sh tsan; t=$$?; \
	echo "make sanitize: asan exit $$a, tsan exit $$t"; [ $$a -eq 0 ] && [ $$t -eq 0 ]

sanitize-asan: deps
	FULL=$(FULL) ASAN_FILTER="$(ASAN_FILTER)" Scripts/sanitize.sh asan

sanitize-tsan: deps
	Scripts/sanitize.sh tsan

