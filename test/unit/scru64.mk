# SCRU64: Base36 codec, node spec parser and generator rules
TESTS += test_scru64.bin

test_scru64.bin: test_scru64.c $(SRC)/scru64_core.c $(SRC)/scru64_core.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_scru64.c $(SRC)/scru64_core.c
