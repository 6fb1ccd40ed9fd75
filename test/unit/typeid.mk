# TypeID: the text codec (spec 0.3.0) and the prefix rules
TESTS += test_typeid.bin

test_typeid.bin: test_typeid.c $(SRC)/typeid_core.c $(SRC)/typeid_core.h $(SRC)/base32_128.c $(SRC)/base32_128.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_typeid.c $(SRC)/typeid_core.c $(SRC)/base32_128.c
