/*
 * gyoku/err.h: every error libgyoku reports, as one enum with a message
 * and a class each, and the source position that parsers fill in.
 */
#ifndef GYOKU_ERR_H
#define GYOKU_ERR_H

/*
 * X-list: name, class (enum gy_err_class, below), message.  GY_OK is 0;
 * every other value is an error.
 */
#define GY_ERR_LIST(X)                                                                                             \
	X(OK, NONE, "success")                                                                                     \
	X(NOMEM, RESOURCE, "out of memory")                                                                        \
	X(ARG, ARG, "invalid argument")                                                                            \
	X(TOO_LONG, RESOURCE, "longer than the limit")                                                             \
	X(SFEN_SYNTAX, SYNTAX, "malformed SFEN")                                                                   \
	X(SFEN_PIECE, SYNTAX, "unknown piece letter")                                                              \
	X(SFEN_PROMOTE, SYNTAX, "this piece cannot be promoted")                                                   \
	X(SFEN_RANK_SHORT, SYNTAX, "a rank has fewer than 9 squares")                                              \
	X(SFEN_RANK_LONG, SYNTAX, "a rank has more than 9 squares")                                                \
	X(SFEN_RANKS, SYNTAX, "the board must have exactly 9 ranks")                                               \
	X(SFEN_SIDE, SYNTAX, "side to move must be 'b' or 'w'")                                                    \
	X(SFEN_HAND, SYNTAX, "malformed hand")                                                                     \
	X(SFEN_HAND_COUNT, SYNTAX, "bad hand count")                                                               \
	X(SFEN_MOVENUM, SYNTAX, "bad move number")                                                                 \
	X(SFEN_TRAILING, SYNTAX, "unexpected text after the SFEN")                                                 \
	X(TOO_MANY_PIECES, POSITION, "more pieces of a kind than the set has")                                     \
	X(TWO_KINGS, POSITION, "two kings on one side")                                                            \
	X(NO_KING, POSITION, "a side has no king")                                                                 \
	X(DEAD_PIECE, POSITION, "a pawn, lance or knight where it can never move")                                 \
	X(NIFU, POSITION, "two unpromoted pawns of one side on a file (nifu)")                                     \
	X(OPPONENT_IN_CHECK, POSITION, "the side not to move is in check")                                         \
	X(MOVE_SYNTAX, SYNTAX, "malformed USI move")                                                               \
	X(MOVE_NO_PIECE, NO_MOVE, "no piece of the side to move on the origin square")                             \
	X(MOVE_NOT_IN_HAND, NO_MOVE, "the piece to drop is not in hand")                                           \
	X(MOVE_OCCUPIED, ILLEGAL_MOVE, "a piece cannot be dropped on an occupied square")                          \
	X(MOVE_OWN_PIECE, ILLEGAL_MOVE, "the destination holds a piece of the side to move")                       \
	X(MOVE_UNREACHABLE, ILLEGAL_MOVE, "the piece cannot move to that square")                                  \
	X(MOVE_CANNOT_PROMOTE, ILLEGAL_MOVE, "this move cannot promote")                                           \
	X(MOVE_MUST_PROMOTE, ILLEGAL_MOVE, "the piece could never move again: promotion is forced")                \
	X(MOVE_DEAD_DROP, ILLEGAL_MOVE, "a piece cannot be dropped where it could never move")                     \
	X(MOVE_NIFU, ILLEGAL_MOVE, "a pawn cannot be dropped on a file holding an unpromoted pawn (nifu)")         \
	X(MOVE_UCHIFUZUME, ILLEGAL_MOVE, "a pawn drop cannot give checkmate (uchifuzume)")                         \
	X(MOVE_SELF_CHECK, ILLEGAL_MOVE, "the move leaves the king in check")                                      \
	X(CSA_PI_SYNTAX, SYNTAX, "malformed CSA PI line (want PI then pairs like 82HI)")                           \
	X(CSA_PI_PIECE, POSITION, "PI names no non-king piece standing there at the start")                        \
	X(TC_SYNTAX, SYNTAX, "malformed time control")                                                             \
	X(TC_RANGE, SYNTAX, "a time-control value is out of range")                                                \
	X(TC_TWICE, SYNTAX, "a time-control part is given twice")                                                  \
	X(TC_NO_TIME, SYNTAX, "the time control gives no time")                                                    \
	X(FLAG, STATE, "the side to move has lost on time")                                                        \
	X(CLOCK_VACATION, STATE, "not enough vacation days left")                                                  \
	X(NOTATION_SYNTAX, SYNTAX, "malformed move text")                                                          \
	X(NOTATION_AMBIGUOUS, NO_MOVE, "the move text fits several legal moves")                                   \
	X(NOTATION_PROMOTION_UNSPECIFIED, NO_MOVE, "the move may promote or not: say which")                       \
	X(NOTATION_NO_MATCH, NO_MOVE, "no legal move fits the move text")                                          \
	X(NOTATION_NO_PREVIOUS, NO_MOVE, "same square (dou) but no previous move")                                 \
	X(NOTATION_SIDE, NO_MOVE, "the side mark is not the side to move")                                         \
	X(NOTATION_MOVE_NUMBER, SYNTAX, "the move number is neither the ply nor the pair number of its move")      \
	X(CSA_SYNTAX, SYNTAX, "malformed CSA line (want V, N+, N-, $KEY:value, P..., +, -, a move, T, %, ' or /)") \
	X(CSA_PIECE, SYNTAX, "bad CSA piece name (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)")                \
	X(CSA_SQUARE, SYNTAX, "bad CSA square (want two digits 1-9, or 00 for the hand)")                          \
	X(CSA_ROW, SYNTAX, "a CSA P1-P9 row needs 9 squares, each ' * ' or a piece like +FU")                      \
	X(CSA_SETUP, SYNTAX, "CSA position: a square or row given twice, or after the moves")                      \
	X(CSA_NO_SIDE, SYNTAX, "the CSA position must end with a line '+' or '-' before the moves")                \
	X(CSA_SIDE, NO_MOVE, "the sign of the CSA move is not the side to move")                                   \
	X(CSA_MOVE_PIECE, NO_MOVE, "the CSA move's piece is neither the moving piece nor its promotion")           \
	X(CSA_SPECIAL, SYNTAX, "unknown CSA special move (want %TORYO, %CHUDAN, ...)")                             \
	X(CSA_TIME, SYNTAX, "malformed CSA time (want T and seconds: T12 or T12.345)")                             \
	X(CSA_ENCODING, SYNTAX, "unsupported CSA encoding or bytes invalid in it")                                 \
	X(CSA_AFTER_END, SYNTAX, "a CSA move after the % line that ended the game")                                \
	X(CSA_EMPTY, SYNTAX, "no CSA game in the text")                                                            \
	X(JKF_SYNTAX, SYNTAX, "malformed JSON (JKF)")                                                              \
	X(JKF_HEADER, SYNTAX, "JKF header must be an object of strings")                                           \
	X(JKF_INITIAL, SYNTAX, "JKF initial: want a preset, or OTHER with data {board 9x9, color, hands}")         \
	X(JKF_MOVES, SYNTAX, "JKF moves: want an array of objects, with comments as arrays of strings")            \
	X(JKF_MOVE, SYNTAX, "JKF move: want to {x, y 1-9}, piece FU..RY, color 0|1, optional from, promote")       \
	X(JKF_TIME, SYNTAX, "JKF time: want now {m, s} and total {h, m, s} with non-negative numbers")             \
	X(JKF_SPECIAL, SYNTAX, "unknown JKF special (want TORYO, CHUDAN, SENNICHITE, ...)")                        \
	X(JKF_FORKS, SYNTAX, "JKF forks: want an array of arrays of moves")                                        \
	X(JKF_MOVE_PIECE, NO_MOVE, "the JKF move's piece is not the piece on its origin square")                   \
	X(JKF_SIDE, NO_MOVE, "the JKF move's color is not the side to move")                                       \
	X(KIF_SYNTAX, SYNTAX,                                                                                      \
	  "malformed KIF line (want key：value, a numbered move, *comment, &bookmark, 変化：N手 or まで)")         \
	X(KIF_HEADER, SYNTAX, "bad KIF header (want a key before ：, and a known 手合割)")                         \
	X(KIF_BOARD, SYNTAX, "malformed KIF board (want 9 rows like |v香v桂 ...|一 and hands like 歩二)")          \
	X(KIF_MOVE_NUMBER, SYNTAX, "the KIF move number is not the next ply of its line")                          \
	X(KIF_TIME, SYNTAX, "malformed KIF time (want ( m:ss/hh:mm:ss))")                                          \
	X(KIF_BRANCH, SYNTAX, "変化：N手 names a ply that no earlier line reaches")                                \
	X(TEXT_ENCODING, SYNTAX, "bytes invalid in the text encoding, or a character it lacks")                    \
	X(TEXT_DECLARED_UTF8, SYNTAX, "not valid UTF-8 (the file declares encoding=UTF-8)")                        \
	X(TEXT_DECLARED_SJIS, SYNTAX, "not valid Shift_JIS (the file declares encoding=Shift_JIS)")                \
	X(TEXT_DECLARED_EUCJP, SYNTAX, "not valid EUC-JP (the file declares encoding=EUC-JP)")                     \
	X(BUSY, STATE, "not while a search is running")                                                            \
	X(MOVE_NULL, NO_MOVE, "no move")                                                                           \
	X(GAME_OVER, STATE, "the game is over")                                                                    \
	X(UNDO_STRICT, STATE, "takebacks are for casual games: strict rules keep every move")                      \
	X(UNDO_NONE, STATE, "there is no move to take back")                                                       \
	X(NO_DECLARATION, STATE, "this game's impasse rule has no declaration")                                    \
	X(NO_CLOCK, STATE, "the game has no clock")                                                                \
	X(ABORT_LATE, STATE, "a game is aborted only before the side's own first move")

/* Error codes: GY_OK (0) or GY_ERR_<name>. */
enum gy_err {
#define GY_ERR_ENUM(name, cls, msg) GY_ERR_##name,
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

/*
 * What kind of failure an error is, for a caller that treats every error
 * of a kind alike instead of listing codes: a front end tells a move that
 * breaks a rule (the mover loses under strict rules) from text it could
 * not read as a move; a record reader keeps the moves before one that
 * names no move or breaks a rule.
 */
enum gy_err_class {
	GY_ERR_CLASS_NONE,         /* GY_OK */
	GY_ERR_CLASS_RESOURCE,     /* out of memory, or longer than a limit: the input itself may be sound */
	GY_ERR_CLASS_ARG,          /* the call itself: an argument outside its domain */
	GY_ERR_CLASS_SYNTAX,       /* text or a value that breaks its format: malformed, out of range, bad bytes */
	GY_ERR_CLASS_POSITION,     /* a well-formed position or set-up that the rules do not allow */
	GY_ERR_CLASS_NO_MOVE,      /* a well-formed move naming no move: no such piece of the mover, none or two fit */
	GY_ERR_CLASS_ILLEGAL_MOVE, /* a move that breaks a rule of play (docs/rules.md): where it goes, promotion, check */
	GY_ERR_CLASS_STATE,        /* not now: the game is over or lost on time, a search runs, nothing to undo */
	GY_ERR_CLASS_NB
};

/*
 * The class of `err` (the second column of GY_ERR_LIST); an unknown code
 * is GY_ERR_CLASS_ARG.  Thread-safe.
 */
enum gy_err_class gy_err_class(enum gy_err err);

#endif
