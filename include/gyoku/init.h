/*
 * gyoku/init.h: library initialisation.
 */
#ifndef GYOKU_INIT_H
#define GYOKU_INIT_H

/*
 * Builds the attack and Zobrist tables.  Call once before any other
 * libgyoku function; later calls do nothing.  Not thread-safe: call it
 * from main() before starting threads.
 */
void gy_init(void);

#endif
