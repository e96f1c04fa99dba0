/*
 * arrows.js: the engine's best moves drawn on the board (analysis board):
 * an arrow from a piece's square to its destination, a ring on the square
 * of a drop with the dropped piece drawn faint on it.  The first line's
 * move is drawn strongest, the others fainter and thinner.  One SVG layer
 * inside the board's SVG, under the promotion choice; it takes no pointer
 * events.  Each arrow is a <g class="arrow"> with data-move (USI),
 * data-from (the square, or "P*" for a drop), data-to and data-rank (1 the
 * best line).
 */
import { s } from './dom.js';
import { SQ_W, SQ_H, pieceGlyph } from './pieces.js';
import { colored, parseUsi } from './sfen.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./pieces.js').PieceStyle} PieceStyle */

export class ArrowLayer {
	/** @param {BoardView} board */
	constructor(board) {
		this.board = board;
		this.el = s('g', { class: 'arrows', 'data-testid': 'arrows' });
		board.el.insertBefore(this.el, board.overlay);
	}

	/**
	 * The centre of a square in the board's units, as the board is drawn now.
	 * @param {string} sq
	 */
	centre(sq) {
		const { x, y } = this.board.squareXY(sq);
		return { x: x + SQ_W / 2, y: y + SQ_H / 2 };
	}

	/**
	 * Draws the arrows of these moves, the best first (each move once).
	 * @param {string[]} moves USI moves
	 * @param {Color} side the side to move (whose pieces are dropped)
	 * @param {PieceStyle} style
	 */
	draw(moves, side, style) {
		const seen = new Set();
		/** @type {SVGElement[]} */
		const parts = [];
		moves.forEach((mv, i) => {
			const m = parseUsi(mv);
			if (!m || seen.has(mv)) return;
			seen.add(mv);
			const rank = i + 1;
			const cls = 'arrow' + (rank === 1 ? ' best' : '');
			const width = rank === 1 ? 15 : Math.max(7, 12 - rank);
			const opacity = rank === 1 ? 0.85 : Math.max(0.4, 0.72 - 0.08 * rank);
			const attrs = {
				class: cls,
				'data-move': mv,
				'data-from': m.from || m.drop + '*',
				'data-to': m.to,
				'data-rank': rank,
				opacity,
			};
			const to = this.centre(m.to);
			if (!m.from) {
				// A drop: the piece itself, faint, on its square, and a ring around it.
				const corner = this.board.squareXY(m.to);
				const ghost = pieceGlyph(
					colored(m.drop || 'P', side),
					style,
					Boolean(this.board.flipped),
				);
				parts.push(
					s(
						'g',
						attrs,
						s(
							'g',
							{
								class: 'arrow-piece',
								transform: `translate(${corner.x} ${corner.y})`,
							},
							ghost,
						),
						s('circle', {
							cx: to.x,
							cy: to.y,
							r: SQ_W * 0.47,
							'stroke-width': width * 0.6,
						}),
					),
				);
				return;
			}
			const from = this.centre(m.from);
			const dx = to.x - from.x;
			const dy = to.y - from.y;
			const len = Math.hypot(dx, dy);
			const ux = dx / len;
			const uy = dy / len;
			const head = width * 2.4;
			// The shaft stops where the head begins; the head's tip a little short of the centre.
			const tipX = to.x - ux * SQ_W * 0.12;
			const tipY = to.y - uy * SQ_H * 0.12;
			const baseX = tipX - ux * head;
			const baseY = tipY - uy * head;
			const px = -uy * head * 0.62;
			const py = ux * head * 0.62;
			parts.push(
				s(
					'g',
					attrs,
					s('line', {
						x1: from.x,
						y1: from.y,
						x2: baseX,
						y2: baseY,
						'stroke-width': width,
						'stroke-linecap': 'round',
					}),
					s('path', {
						d: `M${tipX} ${tipY}L${baseX + px} ${baseY + py}L${baseX - px} ${baseY - py}Z`,
					}),
				),
			);
		});
		// The best drawn last: on top.
		this.el.replaceChildren(...parts.reverse());
	}
}
