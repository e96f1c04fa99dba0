/*
 * board.js: the 9x9 board drawn as one SVG: wood, grid, star points,
 * coordinates (files 9..1 across the top, ranks 一..九 down the right side
 * drawn in strokes of glyphs.js, both reversed when flipped), the pieces, and the marks on squares: the
 * last move, the selected piece, the legal destinations (dots, corners on
 * captures), the king in check, the square under a dragged piece, the
 * premove and the square that has the keyboard's focus.
 * Drawing only: input.js handles the pointer, promotion.js the choice.
 *
 * Each square is a <g data-square="7g"> with data-piece="P" (the SFEN
 * letter) while a piece stands on it (test hooks: hooks.js).
 */
import { s } from './dom.js';
import { fitStrokes, pieceGlyph, SQ_W, SQ_H } from './pieces.js';
import { NUMERALS } from './glyphs.js';
import { squareName, pieceAt } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./pieces.js').PieceStyle} PieceStyle */

/**
 * What the board shows.
 * @typedef {object} BoardState
 * @property {Position} pos
 * @property {boolean} flipped White at the bottom
 * @property {PieceStyle} style
 * @property {{from: string|null, to: string} | null} last the last move's squares
 * @property {string | null} check the square of a king in check
 * @property {string | null} selected the selected square
 * @property {Set<string>} dests legal destinations of the selection
 * @property {string | null} lifted a square whose piece is being dragged (drawn faint)
 * @property {string | null} hover the square under a dragged piece
 * @property {{from: string | null, to: string} | null} [premove] the premove's squares (premove.js)
 */

const X0 = 16;
const Y0 = 46;
const W = 9 * SQ_W;
const H = 9 * SQ_H;
const VIEW_W = X0 + W + 46;
const VIEW_H = Y0 + H + 16;

export class BoardView {
	constructor() {
		/** @type {Map<string, SVGElement>} */
		this.squares = new Map();
		this.files = s('g', { class: 'coords files' });
		this.ranks = s('g', { class: 'coords ranks' });
		this.squareLayer = s('g', { class: 'squares' });
		/** The layer for the promotion choice (promotion.js draws into it). */
		this.overlay = s('g', { class: 'overlay' });
		const lines = [];
		for (let i = 1; i < 9; i++) {
			lines.push(`M${X0 + i * SQ_W} ${Y0}v${H}`, `M${X0} ${Y0 + i * SQ_H}h${W}`);
		}
		const stars = [];
		for (const x of [3, 6])
			for (const y of [3, 6]) stars.push(s('circle', { cx: X0 + x * SQ_W, cy: Y0 + y * SQ_H, r: 6 }));
		for (let rank = 1; rank <= 9; rank++) {
			for (let file = 9; file >= 1; file--) {
				const sq = squareName(file, rank);
				const g = s('g', { 'data-square': sq, class: 'sq' });
				this.squares.set(sq, g);
				this.squareLayer.append(g);
			}
		}
		this.el = /** @type {SVGSVGElement} */ (
			s(
				'svg',
				{
					class: 'board',
					viewBox: `0 0 ${VIEW_W} ${VIEW_H}`,
					// keyboard.js makes it an application of 81 focusable squares, and labels it.
					role: 'application',
				},
				s('rect', { class: 'board-wood', x: 0, y: 0, width: VIEW_W, height: VIEW_H, rx: 10 }),
				s('rect', { class: 'board-field', x: X0, y: Y0, width: W, height: H }),
				s('path', { class: 'board-grid', d: lines.join('') }),
				s('rect', { class: 'board-edge', x: X0, y: Y0, width: W, height: H }),
				s('g', { class: 'board-stars' }, ...stars),
				this.files,
				this.ranks,
				this.squareLayer,
				this.overlay,
			)
		);
		/** @type {boolean | null} null until the first drawing */
		this.flipped = null;
	}

	/**
	 * The top-left corner of a square in SVG units, after flipping.
	 * @param {string} sq
	 */
	squareXY(sq) {
		const file = Number(sq[0]);
		const rank = sq.charCodeAt(1) - 96;
		const col = this.flipped ? file - 1 : 9 - file;
		const row = this.flipped ? 9 - rank : rank - 1;
		return { x: X0 + col * SQ_W, y: Y0 + row * SQ_H };
	}

	/**
	 * The square under a point of the viewport, or null off the board.
	 * @param {number} clientX
	 * @param {number} clientY
	 */
	squareAt(clientX, clientY) {
		const r = this.el.getBoundingClientRect();
		if (!r.width) return null;
		const x = ((clientX - r.left) / r.width) * VIEW_W - X0;
		const y = ((clientY - r.top) / r.height) * VIEW_H - Y0;
		if (x < 0 || y < 0 || x >= W || y >= H) return null;
		const col = Math.floor(x / SQ_W);
		const row = Math.floor(y / SQ_H);
		return this.flipped ? squareName(col + 1, 9 - row) : squareName(9 - col, row + 1);
	}

	/** The width of one square in CSS pixels. */
	squarePixels() {
		return (this.el.getBoundingClientRect().width / VIEW_W) * SQ_W;
	}

	/** @param {boolean} flipped */
	drawCoords(flipped) {
		this.flipped = flipped;
		this.files.replaceChildren();
		this.ranks.replaceChildren();
		for (let i = 0; i < 9; i++) {
			const file = flipped ? i + 1 : 9 - i;
			const rank = flipped ? 9 - i : i + 1;
			this.files.append(s('text', { x: X0 + i * SQ_W + SQ_W / 2, y: Y0 - 14 }, String(file)));
			// The rank's kanji in strokes (glyphs.js), like the pieces: no font needed.
			const y = Y0 + i * SQ_H + SQ_H / 2;
			this.ranks.append(
				s('path', {
					class: 'rank-ink',
					'data-rank': rank,
					d: fitStrokes(NUMERALS[rank - 1], X0 + W + 12, y - 11, 22, 22),
				}),
			);
		}
		for (const [sq, g] of this.squares) {
			const { x, y } = this.squareXY(sq);
			g.setAttribute('transform', `translate(${x} ${y})`);
		}
	}

	/** @param {BoardState} st */
	render(st) {
		if (this.flipped !== st.flipped) this.drawCoords(st.flipped);
		this.el.classList.toggle('flipped', st.flipped);
		for (const [sq, g] of this.squares) {
			const piece = pieceAt(st.pos, sq);
			const parts = [s('rect', { class: 'sq-bg', width: SQ_W, height: SQ_H })];
			const marks = [];
			if (st.last && (st.last.from === sq || st.last.to === sq)) marks.push('last');
			if (st.selected === sq) marks.push('selected');
			if (st.hover === sq) marks.push('hover');
			if (st.premove && (st.premove.from === sq || st.premove.to === sq)) marks.push('premove');
			for (const m of marks) parts.push(s('rect', { class: 'mark ' + m, width: SQ_W, height: SQ_H }));
			if (st.check === sq) parts.push(s('rect', { class: 'mark check', width: SQ_W, height: SQ_H }));
			if (piece) {
				const glyph = pieceGlyph(piece, st.style, st.flipped);
				if (st.lifted === sq) glyph.classList.add('lifted');
				parts.push(glyph);
			}
			if (st.dests.has(sq)) {
				parts.push(
					piece
						? s('path', {
								class: 'dest capture',
								d: `M0 0h26L0 26ZM${SQ_W} 0v26L${SQ_W - 26} 0ZM0 ${SQ_H}v-26L26 ${SQ_H}ZM${SQ_W} ${SQ_H}h-26L${SQ_W} ${SQ_H - 26}Z`,
							})
						: s('circle', { class: 'dest', cx: SQ_W / 2, cy: SQ_H / 2, r: 14 }),
				);
			}
			// Drawn only while the square has the keyboard's focus (style.css).
			parts.push(
				s('rect', {
					class: 'focus-ring',
					x: 4,
					y: 4,
					width: SQ_W - 8,
					height: SQ_H - 8,
					rx: 6,
				}),
			);
			g.replaceChildren(...parts);
			if (piece) g.setAttribute('data-piece', piece);
			else g.removeAttribute('data-piece');
		}
	}
}
