# UUIDs (RFC 9562): layouts, the v7 and v6 generators, v1 <-> v6
TESTS += test_uuid.bin

test_uuid.bin: test_uuid.c $(SRC)/uuid_core.c $(SRC)/uuid_core.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_uuid.c $(SRC)/uuid_core.c
