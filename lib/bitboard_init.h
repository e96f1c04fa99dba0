/*
 * lib/bitboard_init.h: library-internal initialiser of the attack tables.
 */
#ifndef LIB_BITBOARD_INIT_H
#define LIB_BITBOARD_INIT_H

/* Fills gy_bbt (bitboard.h).  Called by gy_init(). */
void gy__bitboard_init(void);

#endif
