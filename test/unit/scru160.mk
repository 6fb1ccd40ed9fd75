# SCRU160: the base32hex/hex codec and the field packing and generator
TESTS += test_base32hex.bin test_scru160.bin

test_base32hex.bin: test_base32hex.c $(SRC)/base32hex.c $(SRC)/base32hex.h $(SRC)/digits32.h $(SRC)/scru160_core.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_base32hex.c $(SRC)/base32hex.c

test_scru160.bin: test_scru160.c $(SRC)/scru160_core.c $(SRC)/scru160_core.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_scru160.c $(SRC)/scru160_core.c
