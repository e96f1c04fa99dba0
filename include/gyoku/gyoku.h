/*
 * gyoku/gyoku.h: the whole public API of libgyoku in one include.
 */
#ifndef GYOKU_GYOKU_H
#define GYOKU_GYOKU_H

#include "bitboard.h"
#include "clock.h"
#include "csa.h"
#include "err.h"
#include "furigoma.h"
#include "game.h"
#include "handicap.h"
#include "impasse.h"
#include "init.h"
#include "jkf.h"
#include "kif.h"
#include "mate1.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "record.h"
#include "repetition.h"
#include "review.h"
#include "session.h"
#include "textenc.h"
#include "types.h"
#include "usi.h"
#include "version.h"

#endif
