# The pool of random bytes: refills, ownership across fork(), source failure
TESTS += test_byte_pool.bin

test_byte_pool.bin: test_byte_pool.c $(SRC)/byte_pool.c $(SRC)/byte_pool.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_byte_pool.c $(SRC)/byte_pool.c
