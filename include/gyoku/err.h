/*
 * gyoku/err.h: every error libgyoku reports, as one enum with a message
 * table, and the source position that parsers fill in.
 */
#ifndef GYOKU_ERR_H
#define GYOKU_ERR_H

/* X-list: name, message.  GY_OK is 0; every other value is an error. */
#define GY_ERR_LIST(X)                                                                                                 \
	X(OK, "success")                                                                                               \
	X(NOMEM, "out of memory")                                                                                      \
	X(ARG, "invalid argument")                                                                                     \
	X(TOO_LONG, "longer than the limit")                                                                           \
	X(SFEN_SYNTAX, "malformed SFEN")                                                                               \
	X(SFEN_PIECE, "unknown piece letter")                                                                          \
	X(SFEN_PROMOTE, "this piece cannot be promoted")                                                               \
	X(SFEN_RANK_SHORT, "a rank has fewer than 9 squares")                                                          \
	X(SFEN_RANK_LONG, "a rank has more than 9 squares")                                                            \
	X(SFEN_RANKS, "the board must have exactly 9 ranks")                                                           \
	X(SFEN_SIDE, "side to move must be 'b' or 'w'")                                                                \
	X(SFEN_HAND, "malformed hand")                                                                                 \
	X(SFEN_HAND_COUNT, "bad hand count")                                                                           \
	X(SFEN_MOVENUM, "bad move number")                                                                             \
	X(SFEN_TRAILING, "unexpected text after the SFEN")                                                             \
	X(TOO_MANY_PIECES, "more pieces of a kind than the set has")                                                   \
	X(TWO_KINGS, "two kings on one side")                                                                          \
	X(NO_KING, "a side has no king")                                                                               \
	X(DEAD_PIECE, "a pawn, lance or knight where it can never move")                                               \
	X(NIFU, "two unpromoted pawns of one side on a file (nifu)")                                                   \
	X(OPPONENT_IN_CHECK, "the side not to move is in check")                                                       \
	X(MOVE_SYNTAX, "malformed USI move")                                                                           \
	X(MOVE_NO_PIECE, "no piece of the side to move on the origin square")                                          \
	X(MOVE_NOT_IN_HAND, "the piece to drop is not in hand")                                                        \
	X(MOVE_OCCUPIED, "a piece cannot be dropped on an occupied square")                                            \
	X(MOVE_OWN_PIECE, "the destination holds a piece of the side to move")                                         \
	X(MOVE_UNREACHABLE, "the piece cannot move to that square")                                                    \
	X(MOVE_CANNOT_PROMOTE, "this move cannot promote")                                                             \
	X(MOVE_MUST_PROMOTE, "the piece could never move again: promotion is forced")                                  \
	X(MOVE_DEAD_DROP, "a piece cannot be dropped where it could never move")                                       \
	X(MOVE_NIFU, "a pawn cannot be dropped on a file holding an unpromoted pawn (nifu)")                           \
	X(MOVE_UCHIFUZUME, "a pawn drop cannot give checkmate (uchifuzume)")                                           \
	X(MOVE_SELF_CHECK, "the move leaves the king in check")                                                        \
	X(CSA_PI_SYNTAX, "malformed CSA PI line (want PI then pairs like 82HI)")                                       \
	X(CSA_PI_PIECE, "PI names no non-king piece standing there at the start")                                      \
	X(TC_SYNTAX, "malformed time control")                                                                         \
	X(TC_RANGE, "a time-control value is out of range")                                                            \
	X(TC_TWICE, "a time-control part is given twice")                                                              \
	X(TC_NO_TIME, "the time control gives no time")                                                                \
	X(FLAG, "the side to move has lost on time")                                                                   \
	X(CLOCK_VACATION, "not enough vacation days left")                                                             \
	X(NOTATION_SYNTAX, "malformed move text")                                                                      \
	X(NOTATION_AMBIGUOUS, "the move text fits several legal moves")                                                \
	X(NOTATION_PROMOTION_UNSPECIFIED, "the move may promote or not: say which")                                    \
	X(NOTATION_NO_MATCH, "no legal move fits the move text")                                                       \
	X(NOTATION_NO_PREVIOUS, "same square (dou) but no previous move")                                              \
	X(NOTATION_SIDE, "the side mark is not the side to move")                                                      \
	X(CSA_SYNTAX, "malformed CSA line (want V, N+, N-, $KEY:value, P..., +, -, a move, T, %, ' or /)")             \
	X(CSA_PIECE, "bad CSA piece name (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)")                            \
	X(CSA_SQUARE, "bad CSA square (want two digits 1-9, or 00 for the hand)")                                      \
	X(CSA_ROW, "a CSA P1-P9 row needs 9 squares, each ' * ' or a piece like +FU")                                  \
	X(CSA_SETUP, "CSA position: a square or row given twice, or after the moves")                                  \
	X(CSA_NO_SIDE, "the CSA position must end with a line '+' or '-' before the moves")                            \
	X(CSA_SIDE, "the sign of the CSA move is not the side to move")                                                \
	X(CSA_MOVE_PIECE, "the CSA move's piece is neither the moving piece nor its promotion")                        \
	X(CSA_SPECIAL, "unknown CSA special move (want %TORYO, %CHUDAN, ...)")                                         \
	X(CSA_TIME, "malformed CSA time (want T and seconds: T12 or T12.345)")                                         \
	X(CSA_ENCODING, "unsupported CSA encoding or bytes invalid in it")                                             \
	X(CSA_AFTER_END, "a CSA move after the % line that ended the game")                                            \
	X(CSA_EMPTY, "no CSA game in the text")                                                                        \
	X(JKF_SYNTAX, "malformed JSON (JKF)")                                                                          \
	X(JKF_HEADER, "JKF header must be an object of strings")                                                       \
	X(JKF_INITIAL, "JKF initial: want a preset, or OTHER with data {board 9x9, color, hands}")                     \
	X(JKF_MOVES, "JKF moves: want an array of objects, with comments as arrays of strings")                        \
	X(JKF_MOVE, "JKF move: want to {x, y 1-9}, piece FU..RY, color 0|1, optional from, promote")                   \
	X(JKF_TIME, "JKF time: want now {m, s} and total {h, m, s} with non-negative numbers")                         \
	X(JKF_SPECIAL, "unknown JKF special (want TORYO, CHUDAN, SENNICHITE, ...)")                                    \
	X(JKF_FORKS, "JKF forks: want an array of arrays of moves")                                                    \
	X(JKF_MOVE_PIECE, "the JKF move's piece is not the piece on its origin square")                                \
	X(JKF_SIDE, "the JKF move's color is not the side to move")                                                    \
	X(KIF_SYNTAX, "malformed KIF line (want key：value, a numbered move, *comment, &bookmark, 変化：N手 or まで)") \
	X(KIF_HEADER, "bad KIF header (want a key before ：, and a known 手合割)")                                     \
	X(KIF_BOARD, "malformed KIF board (want 9 rows like |v香v桂 ...|一 and hands like 歩二)")                      \
	X(KIF_MOVE_NUMBER, "the KIF move number is not the next ply of its line")                                      \
	X(KIF_TIME, "malformed KIF time (want ( m:ss/hh:mm:ss))")                                                      \
	X(KIF_BRANCH, "変化：N手 names a ply that no earlier line reaches")                                            \
	X(TEXT_ENCODING, "bytes invalid in the text encoding, or a character it lacks")                                \
	X(BUSY, "not while a search is running")                                                                       \
	X(MOVE_NULL, "no move")                                                                                        \
	X(GAME_OVER, "the game is over")                                                                               \
	X(UNDO_STRICT, "takebacks are for casual games: strict rules keep every move")                                 \
	X(UNDO_NONE, "there is no move to take back")                                                                  \
	X(NO_DECLARATION, "this game's impasse rule has no declaration")                                               \
	X(NO_CLOCK, "the game has no clock")

/* Error codes: GY_OK (0) or GY_ERR_<name>. */
enum gy_err {
#define GY_ERR_ENUM(name, msg) GY_ERR_##name,
	GY_ERR_LIST(GY_ERR_ENUM)
#undef GY_ERR_ENUM
		GY_ERR_NB
};
#define GY_OK GY_ERR_OK

/* A place in parsed text: 1-based line and column (0 when unknown). */
struct gy_srcpos {
	int line;
	int col;
};

/*
 * The English message for `err`: a static string, never NULL (an unknown
 * code gives "unknown error").  Thread-safe.
 */
const char *gy_strerror(enum gy_err err);

#endif
