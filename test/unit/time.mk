# Comparing ID timestamps with times: ranges and edges
TESTS += test_time.bin

test_time.bin: test_time.c $(SRC)/time_core.c $(SRC)/time_core.h tap.h
	$(CC) $(CFLAGS) -I$(SRC) -o $@ test_time.c $(SRC)/time_core.c
