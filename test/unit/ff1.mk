# FF1 (NIST SP 800-38G Rev. 1) on libcrypto's AES: NIST's samples, the
# radix-2 form against the generic one
TESTS += test_ff1.bin

test_ff1.bin: test_ff1.c $(SRC)/ff1.c $(SRC)/ff1.h $(SRC)/be64.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_ff1.c $(SRC)/ff1.c $(LIBCRYPTO)
