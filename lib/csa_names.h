/*
 * lib/csa_names.h: the two-letter CSA piece codes (library internal), by
 * piece type in types.h order ("" for GY_NO_PTYPE), the one table the CSA
 * and JKF readers and writers and the CSA PI lines of handicap.c share.
 */
#ifndef LIB_CSA_NAMES_H
#define LIB_CSA_NAMES_H

#include "gyoku/types.h"

static const char gy__csa_names[GY_PTYPE_NB][3] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
						   "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

#endif
