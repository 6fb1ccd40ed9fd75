# Public IDs: HKDF subkeys, FF1 over each kind's bits, the worked example
# of doc/public-ids.md, round trips and the statistics of 1M keys per kind
TESTS += test_public_id.bin

PUBLIC_ID_SRCS = $(SRC)/public_id_core.c $(SRC)/ff1.c $(SRC)/base36.c $(SRC)/base32hex.c $(SRC)/ulid_core.c \
	$(SRC)/base32_128.c

test_public_id.bin: test_public_id.c $(PUBLIC_ID_SRCS) $(SRC)/public_id_core.h $(SRC)/ff1.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_public_id.c $(PUBLIC_ID_SRCS) $(LIBCRYPTO) -lm
