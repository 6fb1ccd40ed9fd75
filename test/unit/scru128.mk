# SCRU128: the Base36 codec (also its portable build) and the generator
TESTS += test_base36.bin test_base36_portable.bin test_scru128_core.bin

test_base36.bin: test_base36.c $(SRC)/base36.c $(SRC)/base36.h $(SRC)/scru128_id.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_base36.c $(SRC)/base36.c

# the same tests against the fallback used where there is no 128-bit integer
test_base36_portable.bin: test_base36.c $(SRC)/base36.c $(SRC)/base36.h $(SRC)/scru128_id.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -DBASE36_PORTABLE -I$(SRC) -o $@ test_base36.c $(SRC)/base36.c

test_scru128_core.bin: test_scru128_core.c $(SRC)/scru128_core.c $(SRC)/scru128_core.h $(SRC)/scru128_id.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_scru128_core.c $(SRC)/scru128_core.c
