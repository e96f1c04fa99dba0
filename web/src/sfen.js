/*
 * sfen.js: positions for the board and the replay viewer.  Parses SFEN,
 * applies USI moves without any legality check (the server judges moves;
 * the browser only places and removes pieces: a captured piece goes to the
 * capturer's hand unpromoted) and writes SFEN back.  Pure: no DOM.
 *
 * Squares are USI names ("7g": file 7, rank g = 7).  A piece is its SFEN
 * letter: uppercase Black (Sente), lowercase White (Gote), "+" before a
 * promoted one ("P", "+r").  Hands are counted by uppercase letter.
 */

/** @typedef {'black'|'white'} Color */
/** @typedef {Record<string, number>} Hand */
/**
 * @typedef {object} Position
 * @property {(string|null)[]} board 81 cells, row by row from rank a, file 9 first (the SFEN order)
 * @property {Color} side the side to move
 * @property {{black: Hand, white: Hand}} hands pieces in hand by uppercase letter
 * @property {number} moveNumber the SFEN move number field
 */

/** The hand pieces in the usual order of a komadai, strongest first. */
export const HAND_ORDER = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];

const PIECE_LETTERS = 'PLNSGBRK';
const PROMOTABLE = 'PLNSBR';
const RANKS = 'abcdefghi';

/** The standard start position. */
export const START_SFEN = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/**
 * The board index of a square name ("7g"), or -1 when it is none.
 * @param {string} sq
 */
export function squareIndex(sq) {
	if (sq.length !== 2) return -1;
	const file = sq.charCodeAt(0) - 48;
	const rank = RANKS.indexOf(sq[1]) + 1;
	if (file < 1 || file > 9 || rank < 1) return -1;
	return (rank - 1) * 9 + (9 - file);
}

/**
 * The square name of file 1..9 and rank 1..9.
 * @param {number} file
 * @param {number} rank
 */
export function squareName(file, rank) {
	return String(file) + RANKS[rank - 1];
}

/**
 * The colour of a piece letter.
 * @param {string} piece
 * @returns {Color}
 */
export function pieceColor(piece) {
	const c = piece[piece.length - 1];
	return c === c.toUpperCase() ? 'black' : 'white';
}

/**
 * A piece without its promotion ("+r" -> "r").
 * @param {string} piece
 */
export function unpromoted(piece) {
	return piece[0] === '+' ? piece.slice(1) : piece;
}

/**
 * The promoted form of a piece, or the piece itself when it cannot promote.
 * @param {string} piece
 */
export function promoted(piece) {
	if (piece[0] === '+') return piece;
	return PROMOTABLE.includes(piece.toUpperCase()) ? '+' + piece : piece;
}

/**
 * True when the piece can promote (an unpromoted P L N S B R).
 * @param {string} piece
 */
export function canPromote(piece) {
	return piece[0] !== '+' && PROMOTABLE.includes(piece.toUpperCase());
}

/**
 * A piece letter of the given colour ("P", "white" -> "p").
 * @param {string} piece
 * @param {Color} color
 */
export function colored(piece, color) {
	return color === 'black' ? piece.toUpperCase() : piece.toLowerCase();
}

/** @returns {{black: Hand, white: Hand}} */
function emptyHands() {
	return { black: {}, white: {} };
}

/**
 * Parses an SFEN ("startpos" and a leading "sfen " are accepted too).
 * Throws an Error naming the fault on malformed text.
 * @param {string} text
 * @returns {Position}
 */
export function parseSfen(text) {
	let s = text.trim();
	if (s === 'startpos') s = START_SFEN;
	if (s.startsWith('sfen ')) s = s.slice(5).trim();
	const fields = s.split(/\s+/);
	if (fields.length < 3) throw new Error('SFEN: want board, side and hands');
	const rows = fields[0].split('/');
	if (rows.length !== 9) throw new Error('SFEN: want 9 ranks');
	/** @type {(string|null)[]} */
	const board = [];
	for (const row of rows) {
		let n = 0;
		let plus = false;
		for (const ch of row) {
			if (ch >= '1' && ch <= '9') {
				if (plus) throw new Error('SFEN: "+" before a digit');
				for (let i = 0; i < Number(ch); i++) board.push(null);
				n += Number(ch);
			} else if (ch === '+') {
				plus = true;
			} else if (PIECE_LETTERS.includes(ch.toUpperCase())) {
				if (plus && !PROMOTABLE.includes(ch.toUpperCase()))
					throw new Error(`SFEN: "${ch}" cannot promote`);
				board.push(plus ? '+' + ch : ch);
				plus = false;
				n++;
			} else {
				throw new Error(`SFEN: unknown piece "${ch}"`);
			}
		}
		if (n !== 9 || plus) throw new Error('SFEN: a rank without 9 squares');
	}
	if (fields[1] !== 'b' && fields[1] !== 'w') throw new Error('SFEN: side must be b or w');
	const hands = emptyHands();
	if (fields[2] !== '-') {
		const re = /(\d*)([PLNSGBRplnsgbr])/y;
		let at = 0;
		while (at < fields[2].length) {
			re.lastIndex = at;
			const m = re.exec(fields[2]);
			if (!m) throw new Error('SFEN: bad hand');
			const count = m[1] ? Number(m[1]) : 1;
			const color = pieceColor(m[2]);
			const key = m[2].toUpperCase();
			hands[color][key] = (hands[color][key] || 0) + count;
			at = re.lastIndex;
		}
	}
	const moveNumber = fields.length > 3 ? Number(fields[3]) || 1 : 1;
	return { board, side: fields[1] === 'b' ? 'black' : 'white', hands, moveNumber };
}

/**
 * Writes a position as SFEN (hands in the order R B G S N L P, Black's first).
 * @param {Position} pos
 */
export function toSfen(pos) {
	const rows = [];
	for (let r = 0; r < 9; r++) {
		let row = '';
		let empty = 0;
		for (let c = 0; c < 9; c++) {
			const p = pos.board[r * 9 + c];
			if (!p) {
				empty++;
				continue;
			}
			if (empty) row += empty;
			empty = 0;
			row += p;
		}
		if (empty) row += empty;
		rows.push(row);
	}
	let hand = '';
	for (const color of /** @type {Color[]} */ (['black', 'white'])) {
		for (const k of HAND_ORDER) {
			const n = pos.hands[color][k] || 0;
			if (n > 0) hand += (n > 1 ? n : '') + colored(k, color);
		}
	}
	return `${rows.join('/')} ${pos.side === 'black' ? 'b' : 'w'} ${hand || '-'} ${pos.moveNumber}`;
}

/**
 * The parts of a USI move: `from` (null for a drop), `to`, the dropped
 * piece's uppercase letter (null for a board move) and the promotion flag.
 * Returns null when the text is no USI move.
 * @param {string} usi
 * @returns {{from: string|null, to: string, drop: string|null, promote: boolean} | null}
 */
export function parseUsi(usi) {
	const drop = /^([PLNSGBR])\*([1-9][a-i])$/.exec(usi);
	if (drop) return { from: null, to: drop[2], drop: drop[1], promote: false };
	const move = /^([1-9][a-i])([1-9][a-i])(\+?)$/.exec(usi);
	if (move) return { from: move[1], to: move[2], drop: null, promote: move[3] === '+' };
	return null;
}

/**
 * The position after a USI move (a new object; `pos` is unchanged).
 * Throws when the move is malformed or moves from an empty square or
 * drops a piece not in hand.
 * @param {Position} pos
 * @param {string} usi
 * @returns {Position}
 */
export function applyMove(pos, usi) {
	const m = parseUsi(usi);
	if (!m) throw new Error(`not a USI move: "${usi}"`);
	const board = pos.board.slice();
	const hands = { black: { ...pos.hands.black }, white: { ...pos.hands.white } };
	const side = pos.side;
	const to = squareIndex(m.to);
	const captured = board[to];
	if (m.drop) {
		if (!hands[side][m.drop]) throw new Error(`no ${m.drop} in hand for ${usi}`);
		hands[side][m.drop]--;
		if (!hands[side][m.drop]) delete hands[side][m.drop];
		board[to] = colored(m.drop, side);
	} else {
		const from = squareIndex(/** @type {string} */ (m.from));
		const piece = board[from];
		if (!piece) throw new Error(`no piece on ${m.from} for ${usi}`);
		board[from] = null;
		board[to] = m.promote ? promoted(piece) : piece;
	}
	if (captured && !m.drop) {
		// The capturer is the piece's opponent; kings never reach a hand in a real game.
		const key = unpromoted(captured).toUpperCase();
		const capturer = pieceColor(captured) === 'black' ? 'white' : 'black';
		hands[capturer][key] = (hands[capturer][key] || 0) + 1;
	}
	return { board, side: side === 'black' ? 'white' : 'black', hands, moveNumber: pos.moveNumber + 1 };
}

/**
 * The positions of a game: element i is the position after i moves.
 * Stops early (shorter array) at the first move that cannot be applied.
 * @param {string} startSfen
 * @param {string[]} moves
 * @returns {Position[]}
 */
export function positionsOf(startSfen, moves) {
	const out = [parseSfen(startSfen)];
	for (const mv of moves) {
		try {
			out.push(applyMove(out[out.length - 1], mv));
		} catch {
			break;
		}
	}
	return out;
}

/**
 * The square of `color`'s king, or null.
 * @param {Position} pos
 * @param {Color} color
 */
export function kingSquare(pos, color) {
	const i = pos.board.indexOf(colored('K', color));
	if (i < 0) return null;
	return squareName(9 - (i % 9), Math.floor(i / 9) + 1);
}

/**
 * The piece on a square, or null.
 * @param {Position} pos
 * @param {string} sq
 */
export function pieceAt(pos, sq) {
	const i = squareIndex(sq);
	return i < 0 ? null : pos.board[i];
}
