# Comparing ID timestamps with times, and the time-like text check
FUZZERS += fuzz_time

fuzz_time.bin: fuzz_time.c $(SRC)/time_core.c $(SRC)/time_core.h
	$(CC) $(FUZZ_CFLAGS) -I$(SRC) -o $@ fuzz_time.c $(SRC)/time_core.c
