/*
 * engine/bench.c: the benchmark positions (bench.h): the start position,
 * and positions after 16 to 110 plies of three games (Habu-Fujii 2006 and
 * the WCSC32 and WCSC34 computer championship games in the research
 * records), plus the middle game of tests/data/perft.txt (perft-2.x).
 */
#include "bench.h"

const char *const gy__bench_positions[] = {
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	"lnsg1g1nl/1k3r1b1/ppppps1pp/5pp2/9/2P1P2P1/PPBPSPP1P/2K4R1/LNSG1G1NL b - 17",
	"kng4nl/ls1g1r3/1p2psbp1/p1pp2p1p/5p1P1/P1PPP1R1P/1PB1SPP2/LSG6/KNG4NL b - 45",
	"kng5l/l3p4/+bpsr2n2/p3Psppp/5p3/PPP1R3P/3P1PP1N/LSGS5/KNG5L b GPb2p 77",
	"kn6l/l2g5/+b2r2+P2/1pspps1Gp/pPp2n3/3R1p2P/1SSP1+b2N/LGG6/KN6L b 2P5p 111",
	"l2g3nl/1r3kg2/2nsppsp1/p1pp2p1p/1p5P1/P1P2PP1P/1PSPPSN2/2GK3R1/LN3G2L b Bb 31",
	"lr5nl/3gk1g2/4p2p1/p1ppssp1p/3n1N1P1/P1PSS1P1P/1P2P4/1KGG3R1/LN6L b B2Pb2p 61",
	"l6rl/3gk1s2/4p1sp1/p1pp2L1p/1P1n2P2/P1PSS+b2P/1G2P4/1KNG1r3/LN1P5 b B5Pgn 91",
	"l3g2kl/3g3s1/4pS1p1/p1p3P+bp/1P1p1P1B1/P1P1S2PP/1G2P4/1KNG1r3/LN1P5 b R2Ps2nlp 111",
	"lnsgk2nl/1r4g2/p1ppppsp1/6p1p/1p5P1/2P5P/PPSPPPP2/2G4R1/LN2KGSNL b Bb 17",
	"lr5nl/3g1kg2/p1nspp1s1/3p3pp/1p7/P1S2P2P/1P1PPSN2/2GK1G3/LN5RL b B3Pb2p 45",
	"l2g4l/5kg2/p2Sppn2/2B3PPp/3p2sp1/P1n2P2P/3PPSN2/2G1KG1R1/L+r6L b SNb5p 77",
	"l7l/6p2/p3p3k/8p/3p1NG+B1/P1n2P1pP/2pPP+b1R1/2GS1G3/L+r3K2L b GS2N2P2s4p 111",
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	0,
};
