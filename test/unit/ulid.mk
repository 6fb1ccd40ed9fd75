# ULID: the Crockford Base32 codec, the monotonic generator and its
# server-wide rules
TESTS += test_ulid.bin

test_ulid.bin: test_ulid.c $(SRC)/ulid_core.c $(SRC)/ulid_core.h $(SRC)/base32_128.c $(SRC)/base32_128.h $(SRC)/server_gen.c $(SRC)/server_gen.h $(SRC)/uuid_core.c tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_ulid.c $(SRC)/ulid_core.c $(SRC)/base32_128.c $(SRC)/server_gen.c $(SRC)/uuid_core.c
