# SCRU64: the 12-digit Base36 decoder, the node spec parser, the generator rules
FUZZERS += fuzz_scru64

fuzz_scru64.bin: fuzz_scru64.c $(SRC)/scru64_core.c $(SRC)/scru64_core.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_scru64.c $(SRC)/scru64_core.c
