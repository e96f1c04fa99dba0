/*
 * server/glicko.h: Glicko-2 ratings (Mark Glickman, "Example of the
 * Glicko-2 system", 2013), on the Glicko scale (1500 / 350 / 0.06 for a
 * new player).  The server rates each game as its own rating period.
 * Pure functions.
 */
#ifndef SERVER_GLICKO_H
#define SERVER_GLICKO_H

/* A player's rating: r, RD and volatility sigma. */
struct glicko {
	double rating, rd, vol;
};

/* One game of a rating period: the opponent's rating and RD, and the score (1 win, 0.5 draw, 0 loss). */
struct glicko_game {
	double rating, rd, score;
};

/* The rating of a new player. */
struct glicko glicko_new(void);

/*
 * The rating of `p` after the `n` games of one period (with n = 0, only
 * its RD grows), with system constant `tau` (0.3..1.2; the server uses
 * 0.5).  RD stays within 30..350.
 */
struct glicko glicko_update(struct glicko p, const struct glicko_game *games, int n, double tau);

#endif
