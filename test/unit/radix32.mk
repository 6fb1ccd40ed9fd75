# first-draft (v1) SCRU128: the 26-digit radix-32 numeral codec
TESTS += test_radix32.bin

test_radix32.bin: test_radix32.c $(SRC)/radix32.c $(SRC)/radix32.h $(SRC)/digits32.h $(SRC)/scru128_id.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_radix32.c $(SRC)/radix32.c
