# the 25-digit Base36 codec of scru128, against a reference and the portable build
FUZZERS += fuzz_base36

fuzz_base36.bin: fuzz_base36.c base36_portable.c $(SRC)/base36.c $(SRC)/base36.h $(SRC)/scru128_id.h $(SRC)/be64.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_base36.c base36_portable.c $(SRC)/base36.c
