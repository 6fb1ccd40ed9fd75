EXTENSION = scru128
MODULE_big = scru128
OBJS = src/base36.o src/generator.o src/scru128.o src/scru128_ops.o src/scru128_gen.o
DATA = $(wildcard sql/scru128--*.sql)

# every sql/*.sql except the install scripts is a pg_regress test
REGRESS = $(sort $(basename $(notdir $(filter-out $(DATA),$(wildcard sql/*.sql)))))
REGRESS_OPTS = --inputdir=. --outputdir=results-dir --encoding=UTF8

TAP_TESTS = 1
PROVE_TESTS = $(wildcard test/t/*.pl)

EXTRA_CLEAN = results-dir test/unit/*.bin

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

