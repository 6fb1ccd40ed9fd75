EXTENSION = scru128
MODULE_big = scru128
# one shared library: the pure C core (src/core: codecs, ID layouts, generator
# state machines, the byte pool; no PostgreSQL header) and the PostgreSQL glue
# of every type (src/pg)
OBJS = $(patsubst %.c,%.o,$(sort $(wildcard src/core/*.c src/pg/*.c)))
PG_CPPFLAGS = -Isrc/core -Isrc/pg

# Releases 1.0 and 1.1 are shipped and never edited.  Each later upgrade
# script is put together from sql/<version>/*.sql in name order, one part per
# concern; a fresh CREATE EXTENSION runs 1.0 and then the chain of those same
# scripts, so an updated and a fresh install cannot differ.
DATA = sql/scru128--1.0.sql
DATA_built = sql/scru128--1.0--1.1.sql sql/scru128--1.1--1.2.sql

# every other sql/*.sql is a pg_regress test
REGRESS = $(sort $(basename $(notdir $(filter-out sql/scru128--%,$(wildcard sql/*.sql)))))
REGRESS_OPTS = --inputdir=. --outputdir=results-dir --encoding=UTF8

TAP_TESTS = 1
PROVE_TESTS = $(wildcard test/t/*.pl)

EXTRA_CLEAN = results-dir test/unit/*.bin

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

sql/scru128--1.0--1.1.sql: $(sort $(wildcard sql/1.1/*.sql))
	cat $^ >$@

sql/scru128--1.1--1.2.sql: $(sort $(wildcard sql/1.2/*.sql))
	cat $^ >$@
