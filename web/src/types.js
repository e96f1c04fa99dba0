/*
 * types.js: the JSON the server sends (docs/server.md "API contract",
 * server/gamejson.c, api_*.c, sse.c), described once.  Each shape below is
 * both the JSDoc type the modules read an answer as (Game, GameSummary,
 * Clocks, Player, ...: `import('./types.js').Game`) and a check that a
 * value has that shape (problems()).  tests/server/api.mjs checks every
 * answer and event of its run against these shapes, and
 * web/test/types.test.js checks recorded answers, so a field the server
 * adds, drops or spells otherwise fails a test until this file (and
 * docs/server.md) says so.  Objects are exact: every field is always
 * sent, and a field not listed is a problem.  Nothing here runs in the
 * page: the modules import only the types, so the bundle leaves it out.
 */

/**
 * A shape: `check` adds to `out` a line for each place where `v` differs
 * from it (`at`: the place, as a path).  T is the type of a value of this
 * shape; `type` is never set, it only carries T for JSDoc.
 * @template T
 * @typedef {{check: (v: unknown, at: string, out: string[]) => void, type?: T}} Shape
 */

/**
 * The type of a value of shape S.
 * @template S
 * @typedef {S extends Shape<infer T> ? T : never} Of
 */

/** @param {unknown} v */
const show = (v) => (v === undefined ? 'absent' : JSON.stringify(v).slice(0, 80));

/**
 * A shape of one JSON value that `test` accepts.
 * @template T
 * @param {string} what its name in a problem ("a string")
 * @param {(v: unknown) => v is T} test
 * @returns {Shape<T>}
 */
function leaf(what, test) {
	return {
		check(v, at, out) {
			if (!test(v)) out.push(`${at} is ${show(v)}, not ${what}`);
		},
	};
}

const string = leaf('a string', (v) => typeof v === 'string');
const integer = leaf('an integer', /** @type {(v: unknown) => v is number} */ ((v) => Number.isInteger(v)));
const boolean = leaf('a boolean', (v) => typeof v === 'boolean');
const number = leaf('a number', /** @type {(v: unknown) => v is number} */ ((v) => Number.isFinite(v)));
const nul = leaf('null', (v) => v === null);

/**
 * One of the strings `words`.
 * @template {string} W
 * @param {W[]} words
 * @returns {Shape<W>}
 */
function oneOf(...words) {
	/** @type {(v: unknown) => v is W} */
	const test = (v) => words.some((w) => w === v);
	return leaf(`one of ${words.join(', ')}`, test);
}

/**
 * An array of values of shape `item`.
 * @template T
 * @param {Shape<T>} item
 * @returns {Shape<T[]>}
 */
function arrayOf(item) {
	return {
		check(v, at, out) {
			if (!Array.isArray(v)) out.push(`${at} is ${show(v)}, not an array`);
			else v.forEach((x, i) => item.check(x, `${at}.${i}`, out));
		},
	};
}

/**
 * An object with exactly the fields of `fields`, each of its shape.
 * @template {Record<string, Shape<any>>} F
 * @param {F} fields
 * @returns {Shape<{[K in keyof F]: Of<F[K]>}>}
 */
function object(fields) {
	return {
		check(v, at, out) {
			if (v === null || typeof v !== 'object' || Array.isArray(v)) {
				out.push(`${at} is ${show(v)}, not an object`);
				return;
			}
			const o = /** @type {Record<string, unknown>} */ (v);
			for (const [k, shape] of Object.entries(fields)) shape.check(o[k], `${at}.${k}`, out);
			for (const k of Object.keys(o))
				if (!(k in fields)) out.push(`${at}.${k} is sent but not in types.js`);
		},
	};
}

/**
 * A value of one of `shapes` (its problems: those of the shape it comes closest to).
 * @template {Shape<any>[]} S
 * @param {S} shapes
 * @returns {Shape<Of<S[number]>>}
 */
function union(...shapes) {
	return {
		check(v, at, out) {
			/** @type {string[] | null} */
			let best = null;
			for (const shape of shapes) {
				/** @type {string[]} */
				const p = [];
				shape.check(v, at, p);
				if (p.length === 0) return;
				if (!best || p.length < best.length) best = p;
			}
			out.push(...(best || []));
		},
	};
}

/**
 * A value of `shape`, or null.
 * @template T
 * @param {Shape<T>} shape
 */
const nullable = (shape) => union(shape, nul);

// ---------------------------------------------------------------- the game

const COLOR = oneOf('black', 'white');
const STATUS = oneOf('waiting', 'playing', 'ended', 'canceled');
/** The words of an ending: libgyoku's (gy_ending_name), and a canceled game's. */
const ENDING = oneOf(
	'checkmate',
	'resignation',
	'time forfeit',
	'sennichite',
	'perpetual check',
	'declaration',
	'try',
	'no legal move',
	'move limit',
	'illegal move',
	'interruption',
	'canceled',
	'declined',
	'aborted',
);

/** A seat: a user, the computer at a level, a name from an imported record, or nobody. */
const PLAYER = nullable(
	union(object({ name: string, rating: integer }), object({ computer: integer }), object({ name: string })),
);

/** One side's clock at the server's now_ms (gy_clock_view). */
const CLOCK = object({
	main_ms: integer,
	periods: integer,
	period_ms: integer,
	byoyomi: boolean,
	vacation_days: integer,
	total_ms: integer,
	move_ms: integer,
	vacation_ms: integer,
});

/** Both clocks; null in a game without a clock. */
const CLOCKS = nullable(
	object({
		black: CLOCK,
		white: CLOCK,
		running: nullable(COLOR),
		deadline_ms: nullable(integer),
		now_ms: integer,
	}),
);

/** One side's impasse count, as if it declared now. */
const IMPASSE_SIDE = object({ points: integer, pieces: integer, needed: integer, in_zone: boolean, ok: boolean });
/** The impasse rule, with both sides' counts under the declaration rules. */
const IMPASSE = union(
	object({ rule: oneOf('27', '24'), black: IMPASSE_SIDE, white: IMPASSE_SIDE }),
	object({ rule: oneOf('try', 'none') }),
);

const RATING_CHANGE = object({ before: integer, after: integer });

/** The fields of a game in a list (GET /api/games), which a whole game has too. */
const SUMMARY_FIELDS = {
	id: string,
	status: STATUS,
	result: nullable(oneOf('black', 'white', 'draw')),
	ending: nullable(ENDING),
	black: PLAYER,
	white: PLAYER,
	creator: nullable(string),
	creator_rating: nullable(integer),
	color: oneOf('black', 'white', 'random'),
	challenged: nullable(string),
	time: string,
	kind: oneOf('live', 'correspondence', 'untimed'),
	/** A preset id ("even", "lance", ...), or "other": a start no preset has (a game from a position, an import). */
	handicap: string,
	rated: boolean,
	ply: integer,
	/** The side to move (White first in a handicap game); a list's "your turn" reads it. */
	side: COLOR,
	watchers: integer,
	created_ms: integer,
	updated_ms: integer,
};

const SUMMARY = object(SUMMARY_FIELDS);

const GAME = object({
	...SUMMARY_FIELDS,
	/** The start position: a handicap's, or the one the game was made from (POST /api/games "sfen"). */
	start_sfen: string,
	sfen: string,
	moves: arrayOf(string),
	spent_ms: arrayOf(integer),
	notation: object({
		japanese: arrayOf(string),
		hodges: arrayOf(string),
		hosking: arrayOf(string),
		kitao: arrayOf(string),
	}),
	last: nullable(string),
	check: boolean,
	legal: arrayOf(string),
	clocks: CLOCKS,
	impasse: IMPASSE,
	you: nullable(COLOR),
	ratings: nullable(object({ black: RATING_CHANGE, white: RATING_CHANGE })),
	imported: boolean,
	rematch: nullable(string),
	rematch_of: nullable(string),
	takeback: nullable(COLOR),
	headers: arrayOf(arrayOf(string)),
	comments: arrayOf(string),
	variations: integer,
	/** A review is saved with the game (GET /api/games/ID/review). */
	review: boolean,
	/** The viewer may save (or delete) a review of the game: a player of it once ended, or whoever imported it. */
	may_review: boolean,
});

// ---------------------------------------------------------------- the other answers

/** Signup and login (201 / 200), then GET /api/me, which adds rd and games. */
const ME = union(
	object({ name: string, rating: integer, csrf: string }),
	object({ name: string, rating: integer, rd: integer, games: integer, csrf: string }),
);
/** GET /api/me for a visitor: nobody is signed in (an answer, not an error). */
const VISITOR = object({ name: nul });

/** GET /api/users/NAME. */
const RESULT_COUNTS = object({ won: integer, lost: integer, drawn: integer });
const USER = object({
	name: string,
	rating: integer,
	rd: integer,
	games: integer,
	created_ms: integer,
	results: object({ all: RESULT_COUNTS, rated: RESULT_COUNTS }),
	history: arrayOf(object({ id: string, rating: integer, ended_ms: integer })),
});

/** The event stream's data (GET /api/games/ID/events): the newest move of a batch carries the status and clocks. */
const MOVE_FIELDS = { ply: integer, move: string, japanese: string, sfen: string, spent_ms: integer };
const MOVE_EVENT = union(object(MOVE_FIELDS), object({ ...MOVE_FIELDS, status: STATUS, clocks: CLOCKS }));
const END_EVENT = object({
	status: STATUS,
	result: nullable(oneOf('black', 'white', 'draw')),
	ending: nullable(ENDING),
	ply: integer,
});
const STATUS_EVENT = object({ status: STATUS, ply: integer, clocks: CLOCKS, takeback: nullable(COLOR) });

/** The chat of a game (GET/POST /api/games/ID/chat, the event `chat`): messages are plain text. */
const CHAT_ROOM = oneOf('players', 'spectators');
const CHAT_MESSAGE = object({ id: integer, room: CHAT_ROOM, user: string, text: string, at_ms: integer });
const CHAT = object({
	rooms: arrayOf(object({ room: CHAT_ROOM, messages: arrayOf(CHAT_MESSAGE), can_post: boolean })),
	spectators_on: boolean,
});
const CHAT_EVENT = object({ room: CHAT_ROOM, message: nullable(CHAT_MESSAGE), spectators_on: boolean });

/**
 * A game's saved review (GET/PUT /api/games/ID/review; docs/server.md "Game review"): the engine's
 * settings, per position of the main line (from the start) the search's score from the side to
 * move's view (cp or mate), its best move and line in USI and Black's win probability (0..1); per
 * move its mark and loss (0..1, the mover's drop in win probability); per side the counts and the
 * average loss.
 */
const REVIEW_SEARCH_FIELDS = {
	best: nullable(string),
	pv: arrayOf(string),
	depth: integer,
	nodes: integer,
	win: number,
};
const REVIEW_SEARCH = union(
	object({ cp: integer, ...REVIEW_SEARCH_FIELDS }),
	object({ mate: integer, ...REVIEW_SEARCH_FIELDS }),
);
const REVIEW_MARK = oneOf('best', 'good', 'inaccuracy', 'mistake', 'blunder');
const REVIEW_SIDE = object({ moves: integer, inaccuracy: integer, mistake: integer, blunder: integer, loss: number });
const REVIEW = object({
	game: string,
	engine: union(object({ name: string, depth: integer }), object({ name: string, nodes: integer })),
	saved_by: string,
	saved_ms: integer,
	plies: arrayOf(REVIEW_SEARCH),
	moves: arrayOf(object({ ply: integer, mark: REVIEW_MARK, loss: number, better: string })),
	summary: object({ black: REVIEW_SIDE, white: REVIEW_SIDE }),
});
/** Tsume puzzles (docs/server.md "Puzzles"): ratings are Glicko-2 values, not rounded. */
/** A puzzle rating: the player's (separate from its game rating) or, in a result, the new one. */
const PUZZLE_RATING = object({ rating: number, rd: number, vol: number, attempts: integer });
/** GET /api/puzzles/ID, /next: the position, never the solution; `player` and `attempt` for a signed-in player. */
const PUZZLE_FIELDS = {
	id: string,
	sfen: string,
	length: integer,
	theme: string,
	/** The attacker, the side to move: the board is shown from its side. */
	side: COLOR,
	rating: number,
	rd: number,
	attempts: integer,
	/** The attacker's legal moves at the start (the board's input offers them). */
	legal: arrayOf(string),
	player: nullable(PUZZLE_RATING),
	attempt: nullable(object({ solved: boolean, at_ms: integer })),
};
const PUZZLE = object(PUZZLE_FIELDS);
/** A result rated: the player's new rating, its change, the puzzle's rating after it. */
const PUZZLE_RESULT = object({ solved: boolean, player: PUZZLE_RATING, change: number, puzzle_rating: number });
const PUZZLE_VERDICT = oneOf('right', 'solved', 'illegal', 'not-check', 'no-mate', 'longer', 'not-mate', 'wrong');

/** Every shape the server answers with, by name. */
export const SHAPES = {
	game: GAME,
	gameList: object({ games: arrayOf(SUMMARY) }),
	created: object({ id: string }),
	me: ME,
	meOrVisitor: union(ME, VISITOR),
	user: USER,
	empty: object({}),
	health: object({ ok: boolean, store: oneOf('sqlite', 'postgresql'), version: string }),
	error: object({ error: string }),
	moveEvent: MOVE_EVENT,
	endEvent: END_EVENT,
	statusEvent: STATUS_EVENT,
	chat: CHAT,
	chatMessage: CHAT_MESSAGE,
	chatSettings: object({ spectators_on: boolean }),
	chatEvent: CHAT_EVENT,
	review: REVIEW,
	reviewDeleted: object({ deleted: boolean }),
	puzzleThemes: object({
		themes: arrayOf(object({ theme: string, length: integer, count: integer })),
		total: integer,
	}),
	puzzle: PUZZLE,
	puzzleDaily: object({ ...PUZZLE_FIELDS, day: string }),
	puzzleMove: object({
		verdict: PUZZLE_VERDICT,
		reply: nullable(string),
		mate_length: nullable(integer),
		/** After a right move: the attacker's legal moves once the reply is played. */
		legal: nullable(arrayOf(string)),
		result: nullable(PUZZLE_RESULT),
	}),
	puzzleSolution: object({ solution: arrayOf(string), result: nullable(PUZZLE_RESULT) }),
};

/**
 * What differs between `value` and the shape named `name` (one line each; none: it fits).
 * @param {keyof typeof SHAPES} name
 * @param {unknown} value
 * @returns {string[]}
 */
export function problems(name, value) {
	/** @type {string[]} */
	const out = [];
	SHAPES[name].check(value, name, out);
	return out;
}

/** @typedef {Of<typeof GAME>} Game a game (GET /api/games/ID and every operation on it) */
/** @typedef {Of<typeof SUMMARY>} GameSummary a game in a list */
/** @typedef {Of<typeof PUZZLE> & {day?: string}} Puzzle a tsume puzzle (GET /api/puzzles/ID, /next, /daily) */
/** @typedef {Of<typeof SHAPES.puzzleMove>} PuzzleMoveAnswer the judge of a move (POST /api/puzzles/ID/moves) */
/** @typedef {Of<typeof SHAPES.puzzleSolution>} PuzzleSolution a puzzle's line (POST /api/puzzles/ID/solution) */
/** @typedef {Game | GameSummary} AnyGame what the texts of a game (gametext.js) read */
/** @typedef {Of<typeof PLAYER>} Player */
/** @typedef {Of<typeof CLOCK>} Clock */
/** @typedef {Of<typeof CLOCKS>} Clocks */
/** @typedef {Of<typeof IMPASSE>} Impasse */
/** @typedef {Of<typeof RATING_CHANGE>} RatingChange */
/** @typedef {Of<typeof COLOR>} Color */
/** @typedef {Of<typeof ME>} Me */
/** @typedef {Of<typeof USER>} User */
/** @typedef {Of<typeof MOVE_EVENT>} MoveEvent */
/** @typedef {Of<typeof END_EVENT>} EndEvent */
/** @typedef {Of<typeof STATUS_EVENT>} StatusEvent */
/** @typedef {Of<typeof CHAT_ROOM>} ChatRoom */
/** @typedef {Of<typeof CHAT_MESSAGE>} ChatMessage */
/** @typedef {Of<typeof CHAT>} Chat */
/** @typedef {Of<typeof CHAT_EVENT>} ChatEvent */
/** @typedef {Of<typeof REVIEW>} Review */
/** @typedef {Of<typeof REVIEW_SEARCH>} ReviewSearch */
/** @typedef {Of<typeof REVIEW_MARK>} ReviewMark */
