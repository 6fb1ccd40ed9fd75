# the base32hex/hex codec of scru160, against a bit-at-a-time reference
FUZZERS += fuzz_base32hex

fuzz_base32hex.bin: fuzz_base32hex.c $(SRC)/base32hex.c $(SRC)/base32hex.h $(SRC)/digits32.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_base32hex.c $(SRC)/base32hex.c
