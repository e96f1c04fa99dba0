/*
 * lib/zobrist_init.h: library-internal initialiser of the Zobrist keys.
 */
#ifndef LIB_ZOBRIST_INIT_H
#define LIB_ZOBRIST_INIT_H

/* Fills gy_zobrist (position.h).  Called by gy_init(). */
void gy__zobrist_init(void);

#endif
