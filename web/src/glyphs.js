/*
 * glyphs.js: the pieces' characters drawn by gyoku itself, so that a piece
 * never depends on the visitor's fonts.  Each character is a list of
 * strokes in a 100x100 box (x to the right, y down), each stroke an SVG
 * path of absolute commands only: M (move), L (line) and Q (quadratic
 * curve), every point and control point inside the box.  pieces.js fits
 * the box into the piece and draws the strokes with a round pen.
 * - KANJI: the traditional set, one kanji (or kana) a piece; NUMERALS:
 *   the board's ranks (一..九), also drawn, never text.
 * - LETTERS and MOVES: the international set: Hodges' letter in the middle
 *   and marks around it for the piece's moves: a short dash for a step, a
 *   line to the edge for a slide, two high dashes for the knight's jump.
 */

/** The kanji of the pieces, by character. */
export const KANJI = /** @type {Record<string, string[]>} */ ({
	王: ['M18 14L82 14', 'M24 50L76 50', 'M10 88L90 88', 'M50 14L50 88'],
	玉: ['M18 14L82 14', 'M24 50L76 50', 'M10 88L90 88', 'M50 14L50 88', 'M64 64L74 76'],
	飛: [
		'M6 12L60 12Q58 76 92 92L94 78',
		'M72 4L86 12',
		'M72 26L88 36',
		'M6 42L54 42',
		'M38 42L38 96',
		'M24 54Q22 80 4 94',
		'M47 56L57 64',
		'M47 74L59 83',
	],
	角: [
		'M40 2Q34 14 20 24',
		'M38 10L62 10L52 24',
		'M26 26L26 66Q26 86 10 98',
		'M26 26L78 26L78 88Q78 98 66 94',
		'M26 46L78 46',
		'M26 66L78 66',
		'M52 26L52 66',
	],
	金: [
		'M50 4Q36 26 6 42',
		'M50 4Q64 26 94 42',
		'M30 42L70 42',
		'M22 62L78 62',
		'M50 42L50 90',
		'M30 70L38 82',
		'M70 70L62 82',
		'M8 92L92 92',
	],
	銀: [
		'M22 4Q14 22 2 32',
		'M22 4Q30 18 40 26',
		'M10 34L32 34',
		'M6 52L36 52',
		'M21 34L21 86',
		'M8 62L12 74',
		'M34 62L30 74',
		'M4 94L38 84',
		'M48 6L48 86L64 78',
		'M48 6L86 6L86 46',
		'M48 26L86 26',
		'M48 46L86 46',
		'M88 52L72 64',
		'M60 50Q72 78 96 94',
	],
	桂: [
		'M4 30L38 30',
		'M22 6L22 96',
		'M22 32Q14 56 2 70',
		'M24 42L36 56',
		'M50 24L88 24',
		'M69 6L69 44',
		'M44 44L94 44',
		'M50 66L88 66',
		'M69 48L69 90',
		'M42 90L96 90',
	],
	香: [
		'M74 4Q52 12 26 14',
		'M10 28L90 28',
		'M50 12L50 50',
		'M48 30Q34 44 10 54',
		'M52 30Q66 44 90 54',
		'M28 58L28 96',
		'M28 58L72 58L72 96',
		'M28 76L72 76',
		'M28 96L72 96',
	],
	歩: [
		'M50 4L50 40',
		'M50 22L76 22',
		'M28 20L28 40',
		'M8 40L92 40',
		'M50 40L50 64Q50 72 42 68',
		'M30 50L16 66',
		'M62 46L82 58',
		'M82 58Q66 88 12 96',
	],
	龍: [
		'M24 2L26 10',
		'M8 14L42 14',
		'M14 20L18 30',
		'M36 20L32 30',
		'M4 34L46 34',
		'M10 42L10 80Q10 92 4 98',
		'M10 42L40 42L40 92Q40 98 32 96',
		'M10 58L40 58',
		'M10 74L40 74',
		'M54 8L88 8L88 24L58 24',
		'M58 24L58 86Q58 96 70 96L94 96L94 84',
		'M58 42L90 42',
		'M58 60L90 60',
	],
	馬: [
		'M22 6L22 62',
		'M22 6L82 6',
		'M50 6L50 62',
		'M22 22L78 22',
		'M22 38L78 38',
		'M22 62L88 62L86 90Q84 98 72 94',
		'M26 74L18 88',
		'M40 74L38 86',
		'M54 74L56 86',
		'M68 72L72 84',
	],
	全: ['M50 4Q34 26 6 44', 'M50 4Q66 26 94 44', 'M28 48L72 48', 'M32 70L68 70', 'M50 48L50 92', 'M14 92L86 92'],
	圭: ['M24 22L76 22', 'M50 4L50 44', 'M14 44L86 44', 'M24 66L76 66', 'M50 48L50 92', 'M8 92L92 92'],
	杏: [
		'M10 26L90 26',
		'M50 4L50 56',
		'M48 28Q34 46 10 58',
		'M52 28Q66 46 90 58',
		'M28 62L28 96',
		'M28 62L72 62L72 96',
		'M28 96L72 96',
	],
	と: ['M34 8Q36 30 44 52', 'M78 30Q48 40 36 58Q26 78 48 88Q64 92 84 90'],
});

/** The ranks' numerals down the board's side (一 the top rank as Black sees it). */
export const NUMERALS = [
	['M8 50L92 50'],
	['M22 28L78 28', 'M8 74L92 74'],
	['M20 18L80 18', 'M26 50L74 50', 'M8 84L92 84'],
	['M12 16L12 88', 'M12 16L88 16L88 88', 'M12 88L88 88', 'M38 16Q38 52 22 66', 'M60 16L60 58Q60 66 70 66L88 66'],
	['M16 12L84 12', 'M46 12L40 88', 'M24 46L72 46L70 88', 'M8 88L92 88'],
	['M48 4L54 20', 'M8 34L92 34', 'M36 52Q30 72 12 90', 'M62 52Q72 70 88 88'],
	['M8 48L92 38', 'M40 8L40 78Q40 90 54 90L90 90L90 76'],
	['M38 16Q38 60 8 88', 'M60 14Q64 60 92 88'],
	['M40 6Q40 60 6 92', 'M14 34L64 34L64 78Q64 90 78 90L94 90L94 74'],
];

/** Hodges' letters, drawn small in the middle of the box (37..63 wide, 31..69 high). */
export const LETTERS = /** @type {Record<string, string[]>} */ ({
	K: ['M36 28L36 72', 'M66 28L37 53', 'M45 45L67 72'],
	R: ['M36 72L36 28L54 28Q67 28 67 39Q67 50 54 50L36 50', 'M51 50L67 72'],
	B: ['M36 28L36 72L56 72Q67 72 67 60Q67 50 55 50L36 50', 'M36 28L54 28Q63 28 63 39Q63 50 54 50'],
	G: ['M66 36Q61 28 50 28Q34 28 34 50Q34 72 50 72Q61 72 66 64L66 52L52 52'],
	S: ['M64 35Q60 28 50 28Q37 28 37 39Q37 48 50 50Q64 52 64 61Q64 72 50 72Q38 72 34 64'],
	N: ['M36 72L36 28L64 72L64 28'],
	L: ['M38 28L38 72L64 72'],
	P: ['M36 72L36 28L54 28Q67 28 67 40Q67 51 54 51L36 51'],
});

/*
 * The moves of each piece, Black's way up: the eight directions by name
 * (f forward, b back, l left, r right; fl forward-left ...), a step as the
 * name, a slide as the name in capitals; "j" is the knight's jump.
 */
const GOLD = 'f fl fr l r b';
export const MOVES = /** @type {Record<string, string>} */ ({
	K: 'f fl fr l r b bl br',
	R: 'F L R B',
	B: 'FL FR BL BR',
	G: GOLD,
	S: 'f fl fr bl br',
	N: 'j',
	L: 'F',
	P: 'f',
	'+R': 'F L R B fl fr bl br',
	'+B': 'FL FR BL BR f l r b',
	'+S': GOLD,
	'+N': GOLD,
	'+L': GOLD,
	'+P': GOLD,
});

/** The unit vector of each direction (y down: forward is up). */
const DIRS = /** @type {Record<string, [number, number]>} */ ({
	f: [0, -1],
	b: [0, 1],
	l: [-1, 0],
	r: [1, 0],
	fl: [-1, -1],
	fr: [1, -1],
	bl: [-1, 1],
	br: [1, 1],
});

/**
 * The strokes of the international piece `code` ("P", "+R"): its letter
 * and the marks of its moves.
 * @param {string} code
 * @returns {string[]}
 */
export function intlStrokes(code) {
	const base = code.replace('+', '');
	const marks = MOVES[code].split(' ').map((m) => {
		if (m === 'j') return 'M29 12L25 5M71 12L75 5';
		const [dx, dy] = DIRS[m.toLowerCase()];
		const diag = dx !== 0 && dy !== 0;
		if (m === m.toLowerCase()) {
			// A short dash pointing the way.
			const [r0, r1] = diag ? [31, 35] : [39, 45];
			return `M${50 + dx * r0} ${50 + dy * r0}L${50 + dx * r1} ${50 + dy * r1}`;
		}
		const [r0, r1] = diag ? [28, 43] : [32, 47];
		return `M${50 + dx * r0} ${50 + dy * r0}L${50 + dx * r1} ${50 + dy * r1}`;
	});
	return [...LETTERS[base], ...marks];
}
