# Server-wide generators (scru128.generator_scope = server): the shared rules
TESTS += test_server_gen.bin

test_server_gen.bin: test_server_gen.c $(SRC)/server_gen.c $(SRC)/server_gen.h $(SRC)/uuid_core.c $(SRC)/uuid_core.h $(SRC)/ulid_core.c $(SRC)/ulid_core.h $(SRC)/base32_128.c $(SRC)/base32_128.h $(SRC)/scru128_id.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_server_gen.c $(SRC)/server_gen.c $(SRC)/uuid_core.c $(SRC)/ulid_core.c $(SRC)/base32_128.c
