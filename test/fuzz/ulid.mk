# the Crockford Base32 codec of ulid, against a bit-at-a-time reference
FUZZERS += fuzz_ulid

fuzz_ulid.bin: fuzz_ulid.c $(SRC)/ulid_core.c $(SRC)/ulid_core.h $(SRC)/base32_128.c $(SRC)/base32_128.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_ulid.c $(SRC)/ulid_core.c $(SRC)/base32_128.c
