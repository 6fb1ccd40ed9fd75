# the 26-digit radix-32 numeral codec of first-draft (v1) SCRU128 IDs
FUZZERS += fuzz_radix32

fuzz_radix32.bin: fuzz_radix32.c $(SRC)/radix32.c $(SRC)/radix32.h $(SRC)/digits32.h $(SRC)/scru128_id.h $(SRC)/be64.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_radix32.c $(SRC)/radix32.c
