# Glidepad. `make run` and `make test` install whatever system packages are missing.
SWIFT ?= swift
ARGS ?=
# The package's install test makes a chroot: root, or sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps test-deps benchmarks deb check-deb clean

run: deps
	$(SWIFT) build --product glidepad
	./.build/debug/glidepad $(ARGS)

# The window tests run on their own after the rest: they drive real input with
# timing (double clicks, key repeat) that a fully loaded machine would distort.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	./packaging/with-xvfb.sh $(SWIFT) test --skip-build --no-parallel --filter EndToEndTests
	$(MAKE) check-deb

build: deps
	$(SWIFT) build

deps:
	./packaging/install-deps.sh build

test-deps:
	./packaging/install-deps.sh test

# Benchmarks are a package of their own (package-benchmark), not part of `make test`.
benchmarks: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

# The Debian package: a static-Swift release build, validated by check-deb.
deb: deps
	./packaging/install-deps.sh deb
	./packaging/build-deb.sh

# Validators, then an install into a clean Debian 12 root (debootstrap, cached),
# a replay inside it, and a launch from the desktop entry's Exec line under Xvfb.
check-deb: deb
	./packaging/check-deb.sh glidepad_*_amd64.deb
	./packaging/with-xvfb.sh $(SUDO) ./packaging/install-test.sh glidepad_*_amd64.deb

clean:
	rm -rf .build Benchmarks/.build
