/*
 * app/commands.h: the subcommands of the `gyoku` tool.  Each takes the
 * arguments after its name and returns the process exit status.
 */
#ifndef APP_COMMANDS_H
#define APP_COMMANDS_H

/* gyoku perft <startpos|SFEN> <depth> [--divide] */
int cmd_perft(int argc, char **argv);

/*
 * gyoku convert IN [--from FMT] [--sfen SFEN | --handicap NAME] --to FMT [-o OUT]: a record (or a move
 * list) from one format to another.
 */
int cmd_convert(int argc, char **argv);

/* gyoku shell: an interactive prompt over a position (set, show, move, perft). */
int cmd_shell(int argc, char **argv);

/*
 * gyoku match --engine CMD --engine CMD --games N --tc T ...: a match
 * between two USI engines with Elo, LOS and SPRT; or --make-openings N.
 */
int cmd_match(int argc, char **argv);

/*
 * gyoku analyse RECORD [--time S | --nodes N | --depth D] [--hash MB] [-o OUT]:
 * game review: every move of the main line marked by the engine (review.h).
 */
int cmd_analyse(int argc, char **argv);

/* gyoku solve <SFEN|FILE> [--time S] [--memory MB] [--tsume-rules]: the tsume solver. */
int cmd_solve(int argc, char **argv);

/*
 * gyoku selfplay --games N (--nodes K | --depth D) ... --out FILE: engine
 * games in this process, writing quiet positions with results for tuning;
 * with --packed DIR every position as the network's training records
 * (dev/packed.h); --pack-text FILE --packed DIR converts the text.
 */
int cmd_selfplay(int argc, char **argv);

/* gyoku tune --data FILE [--epochs N] [--lambda L] --out FILE: Texel tuning of the evaluation weights. */
int cmd_tune(int argc, char **argv);

/*
 * gyoku train --data FILE|DIR [--epochs N] [--threads T] [--checkpoint FILE] [--out FILE.nnue]: fits the
 * learned evaluation (the NNUE, engine/nnue.h) to self-play positions (docs/nnue.md "Training").
 */
int cmd_train(int argc, char **argv);

/* gyoku serve [--port P] [--bind A] [--db FILE|URL] [--web DIR] [--workers N]: the web game server. */
int cmd_serve(int argc, char **argv);

/*
 * gyoku play [--vs computer|human|watch] [--level N] [--color C] [--handicap H]
 * [--time TC] [--rules casual|strict] [--impasse 24|27|try] [--load FILE]:
 * the terminal game (docs/play.md).
 */
int cmd_play(int argc, char **argv);

/*
 * gyoku puzzles make [--games N | --from RECORD...] [--seed S] [--max-len L] [--out FILE]:
 * tsume puzzles from games; gyoku puzzles check FILE: verifies a puzzle file; gyoku puzzles
 * compose [--count N] [--len L..M] [--seed S] [--out FILE]: composed problems (docs/puzzles.md).
 */
int cmd_puzzles(int argc, char **argv);

#endif
