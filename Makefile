# scru128_uuidv7compat: pg_uuidv7's function names, a second extension of
# this package (requires scru128, same library) so that scru128 alone never
# brings them
EXTENSION = scru128 scru128_uuidv7compat
MODULE_big = scru128
# one shared library: the pure C core (src/core: codecs, ID layouts, generator
# state machines, the byte pool; no PostgreSQL header) and the PostgreSQL glue
# of every type (src/pg)
OBJS = $(patsubst %.c,%.o,$(sort $(wildcard src/core/*.c src/pg/*.c)))
PG_CPPFLAGS = -Isrc/core -Isrc/pg -DSCRU128_VERSION='"$(EXTVERSION)"'
# FF1 (src/core/ff1.c, the public IDs) enciphers with OpenSSL's libcrypto
# (Debian: libssl-dev to build)
SHLIB_LINK += -lcrypto

# Releases 1.0 to 1.4 are shipped and never edited.  Each later upgrade
# script is put together from sql/<version>/*.sql in name order, one part per
# concern; a fresh CREATE EXTENSION runs 1.0 and then the chain of those same
# scripts, so an updated and a fresh install cannot differ.
DATA = sql/scru128--1.0.sql sql/scru128_uuidv7compat--1.0.sql
# the releases after 1.0, in order: scru128--A--B.sql for each step A -> B
RELEASES = 1.0 1.1 1.2 1.3 1.4 1.5
release_steps = $(join $(addsuffix --,$(filter-out $(lastword $(RELEASES)),$(RELEASES))),$(wordlist 2,$(words $(RELEASES)),$(RELEASES)))
UPDATE_SCRIPTS = $(foreach s,$(release_steps),sql/scru128--$(s).sql)
# the refresh waypoints (below): an installed release R updated to R-refresh and back
REFRESH_RELEASES = 1.2 1.3 1.4 1.5
REFRESH_SCRIPTS = $(foreach r,$(REFRESH_RELEASES),sql/scru128--$(r)--$(r)-refresh.sql sql/scru128--$(r)-refresh--$(r).sql)
# Direct updates to 1.4 from the releases before 1.3: the chain's parts
# without sql/1.3/40_casts.sql, which fails when the user made one of its
# casts; sql/1.4/12_casts_kept.sql makes those that are missing instead.
# PostgreSQL takes the shortest update path, so ALTER EXTENSION UPDATE from
# 1.0, 1.1 or 1.2 and a fresh CREATE EXTENSION (1.0, then 1.0--1.4) run
# these, from the same parts as the chain: update == fresh still holds.
# A shipped part that cannot run in every database goes through its sed
# script in sql/direct/ on the way (sql/direct/README): 1.1's
# uuid_timestamp(uuid), which TimescaleDB also creates, is made under its
# 1.4 name.
DIRECT_TARGET = 1.4
DIRECT_FROM = 1.0 1.1 1.2
DIRECT_SCRIPTS = $(foreach r,$(DIRECT_FROM),sql/scru128--$(r)--$(DIRECT_TARGET).sql)
DIRECT_PARTS_1.2 = $(filter-out sql/1.3/40_casts.sql,$(sort $(wildcard sql/1.3/*.sql))) $(sort $(wildcard sql/1.4/*.sql))
DIRECT_PARTS_1.1 = $(sort $(wildcard sql/1.2/*.sql)) $(DIRECT_PARTS_1.2)
DIRECT_PARTS_1.0 = $(sort $(wildcard sql/1.1/*.sql)) $(DIRECT_PARTS_1.1)
DATA_built = $(UPDATE_SCRIPTS) $(REFRESH_SCRIPTS) $(DIRECT_SCRIPTS)

# The release's version is scru128.control's default_version and nothing
# else: the module magic (PG_MODULE_MAGIC_EXT, seen in pg_get_loaded_modules()
# on 18 and later) takes it from here, META.json and debian/changelog are
# checked against it by the meta suite (test/meta_check.py).
EXTVERSION := $(shell sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" $(dir $(firstword $(MAKEFILE_LIST)))scru128.control)

# every other sql/*.sql is a pg_regress test
REGRESS = $(sort $(basename $(notdir $(filter-out sql/scru128--% sql/scru128_uuidv7compat--%,$(wildcard sql/*.sql)))))
REGRESS_OPTS = --inputdir=. --outputdir=results-dir --encoding=UTF8

TAP_TESTS = 1
PROVE_TESTS = $(wildcard test/t/*.pl)

EXTRA_CLEAN = results-dir test/unit/*.bin

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Every script is put together from parts, and each part goes through the
# sed script of the same name in the directories given (sql/qualify for
# every script, sql/direct too for the direct ones), where there is one:
# $(call join_parts,DIRS,PARTS)
join_parts = for f in $(2); do \
		n=$$(echo "$${f\#sql/}" | tr / _ | sed 's/\.sql$$/.sed/'); \
		c="cat"; \
		for d in $(1); do [ -f "sql/$$d/$$n" ] && c="$$c | sed -f sql/$$d/$$n"; done; \
		eval "$$c" <"$$f"; \
	done

# each update script is its release's parts, sql/<version>/*.sql, in name order
.SECONDEXPANSION:
$(UPDATE_SCRIPTS): sql/scru128--%.sql: $$(sort $$(wildcard sql/$$(lastword $$(subst --, ,$$*))/*.sql)) $$(wildcard sql/qualify/*.sed)
	$(call join_parts,qualify,$(filter %.sql,$^)) >$@

$(DIRECT_SCRIPTS): sql/scru128--%--$(DIRECT_TARGET).sql: $$(DIRECT_PARTS_$$*) $$(wildcard sql/direct/*.sed sql/qualify/*.sed)
	$(call join_parts,qualify direct,$(DIRECT_PARTS_$*)) >$@

# ALTER EXTENSION scru128 UPDATE TO '1.2-refresh'; ALTER EXTENSION scru128
# UPDATE; runs the parts of 1.2 that can run again, twice: it brings an
# installed 1.2 to what a fresh install on this server gives, e.g. after
# pg_upgrade to a major that adds a catalog feature.  Objects made in an
# update script become members of the extension, which a function could not
# give.
REFRESH_1_2 = sql/refresh/00_header.sql sql/1.2/21_brin_domain_members.sql sql/1.2/25_skipsupport.sql

# the same for an installed 1.3: UPDATE TO '1.3-refresh', then UPDATE
REFRESH_1_3 = $(REFRESH_1_2)

# and for an installed 1.4
REFRESH_1_4 = $(REFRESH_1_3) sql/1.4/25_ulid_skipsupport.sql

# and for an installed 1.5 (its public IDs have nothing to refresh)
REFRESH_1_5 = $(REFRESH_1_4)

$(REFRESH_SCRIPTS): sql/scru128--%.sql: $$(REFRESH_$$(subst .,_,$$(firstword $$(subst -, ,$$*)))) $$(wildcard sql/qualify/*.sed)
	$(call join_parts,qualify,$(filter %.sql,$^)) >$@

# make dist: the PGXN release, dist/scru128-<version>.zip, a git archive of
# the committed tree (HEAD) under scru128-<version>/; the version is
# META.json's, which test/meta_check.py keeps equal to default_version
DIST_VERSION = $(shell grep -m1 '"version"' META.json | sed 's/.*: *"\([^"]*\)".*/\1/')
DIST_DIR ?= dist

dist:
	mkdir -p $(DIST_DIR)
	git archive --format=zip --prefix=scru128-$(DIST_VERSION)/ -o $(DIST_DIR)/scru128-$(DIST_VERSION).zip HEAD

.PHONY: dist
