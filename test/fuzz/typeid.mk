# the TypeID text codec (strict lower-case base32, the prefix rules),
# against a reference written separately from the spec
FUZZERS += fuzz_typeid

fuzz_typeid.bin: fuzz_typeid.c $(SRC)/typeid_core.c $(SRC)/typeid_core.h $(SRC)/base32_128.c $(SRC)/base32_128.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_typeid.c $(SRC)/typeid_core.c $(SRC)/base32_128.c
