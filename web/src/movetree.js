/*
 * movetree.js: the analysis board's tree of moves.  The root is the start
 * position; each node is a move played from its parent's position.  A
 * node's first child continues its line (the main line is the chain of
 * first children from the root); the others are variations, in the order
 * they were made.  Playing a move that is already a child goes there; a
 * new move from a position with a continuation adds a variation, so the
 * main line stays.  A variation can be promoted (it becomes the main line,
 * and each branch above it the first of its siblings) or deleted.  The
 * listing (`rows`) is the move list as lishogi shows it: a line's moves in
 * order, each move's variations after it, bracketed and indented.  Pure:
 * no DOM.
 */

/**
 * @typedef {object} Node
 * @property {number} id unique in its tree (0 is the root)
 * @property {string | null} move the USI move (null at the root)
 * @property {number} ply moves from the root
 * @property {Node | null} parent
 * @property {Node[]} children the first continues the line; the others are variations
 */

/**
 * One item of the listing: a move (`node`) at a nesting `depth` (0: the main line), or the
 * opening or closing bracket of a variation.
 * @typedef {{kind: 'move', node: Node, depth: number, first: boolean} | {kind: 'open' | 'close', depth: number}} Row
 */

export class MoveTree {
	constructor() {
		this.nextId = 1;
		/** @type {Node} */
		this.root = { id: 0, move: null, ply: 0, parent: null, children: [] };
		/** @type {Map<number, Node>} */
		this.byId = new Map([[0, this.root]]);
	}

	/**
	 * A tree with the main line `moves`.
	 * @param {string[]} moves
	 */
	static fromLine(moves) {
		const tree = new MoveTree();
		let node = tree.root;
		for (const mv of moves) node = tree.add(node, mv);
		return tree;
	}

	/**
	 * The node of move `move` from `node`: the child that has it, else a new child (the
	 * continuation when `node` had none, else a variation after the others).
	 * @param {Node} node
	 * @param {string} move
	 * @returns {Node}
	 */
	add(node, move) {
		const have = node.children.find((c) => c.move === move);
		if (have) return have;
		/** @type {Node} */
		const child = { id: this.nextId++, move, ply: node.ply + 1, parent: node, children: [] };
		node.children.push(child);
		this.byId.set(child.id, child);
		return child;
	}

	/**
	 * Adds the line `moves` from `node` (a record's side line); the last node.
	 * @param {Node} node
	 * @param {string[]} moves
	 */
	addLine(node, moves) {
		let n = node;
		for (const mv of moves) n = this.add(n, mv);
		return n;
	}

	/**
	 * The node of an id, or null.
	 * @param {number} id
	 */
	get(id) {
		return this.byId.get(id) || null;
	}

	/**
	 * The moves from the root to `node`.
	 * @param {Node} node
	 * @returns {string[]}
	 */
	path(node) {
		/** @type {string[]} */
		const out = [];
		for (let n = node; n.parent; n = n.parent) out.push(/** @type {string} */ (n.move));
		return out.reverse();
	}

	/**
	 * The nodes from the root's first move to `node`.
	 * @param {Node} node
	 * @returns {Node[]}
	 */
	nodes(node) {
		/** @type {Node[]} */
		const out = [];
		for (let n = node; n.parent; n = n.parent) out.push(n);
		return out.reverse();
	}

	/** The main line's moves. */
	mainLine() {
		return this.path(this.lineEnd(this.root));
	}

	/**
	 * True when `node` is on the main line.
	 * @param {Node} node
	 */
	onMainLine(node) {
		for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
		return true;
	}

	/**
	 * The last node of the line through `node` (following first children).
	 * @param {Node} node
	 */
	lineEnd(node) {
		let n = node;
		while (n.children.length) n = n.children[0];
		return n;
	}

	/**
	 * The next node along the line (the first child), or null at its end.
	 * @param {Node} node
	 */
	next(node) {
		return node.children[0] || null;
	}

	/**
	 * The sibling `d` places away (-1 the one before, 1 the one after) among the moves from the
	 * same position, or null.
	 * @param {Node} node
	 * @param {number} d
	 */
	sibling(node, d) {
		if (!node.parent) return null;
		const list = node.parent.children;
		return list[list.indexOf(node) + d] || null;
	}

	/**
	 * Makes the line through `node` the main line: at each branch above it, its branch becomes
	 * the first child (the old first one a variation).
	 * @param {Node} node
	 */
	promote(node) {
		for (let n = node; n.parent; n = n.parent) {
			const list = n.parent.children;
			const i = list.indexOf(n);
			if (i > 0) {
				list.splice(i, 1);
				list.unshift(n);
			}
		}
	}

	/**
	 * Moves `node`'s branch one place up among its siblings (a variation becomes the line where
	 * it is the second).
	 * @param {Node} node
	 */
	raise(node) {
		if (!node.parent) return;
		const list = node.parent.children;
		const i = list.indexOf(node);
		if (i > 0) [list[i - 1], list[i]] = [list[i], list[i - 1]];
	}

	/**
	 * Deletes `node` and everything after it; returns its parent (the root is never deleted).
	 * @param {Node} node
	 * @returns {Node}
	 */
	remove(node) {
		const parent = node.parent;
		if (!parent) return node;
		parent.children.splice(parent.children.indexOf(node), 1);
		const drop = [node];
		while (drop.length) {
			const n = /** @type {Node} */ (drop.pop());
			this.byId.delete(n.id);
			drop.push(...n.children);
		}
		return parent;
	}

	/**
	 * The move list: the main line with each move's variations after it, nested.
	 * @returns {Row[]}
	 */
	rows() {
		/** @type {Row[]} */
		const out = [];
		/**
		 * The line that starts at `first` (a child of its parent), at nesting `depth`.
		 * @param {Node} first
		 * @param {number} depth
		 */
		const line = (first, depth) => {
			/** @type {Node | null} */
			let n = first;
			let start = true;
			while (n) {
				out.push({ kind: 'move', node: n, depth, first: start });
				start = false;
				const parent = /** @type {Node} */ (n.parent);
				// The variations of this move (its siblings), each after it, when it is the line's move.
				if (parent.children[0] === n)
					for (const v of parent.children.slice(1)) {
						out.push({ kind: 'open', depth: depth + 1 });
						line(v, depth + 1);
						out.push({ kind: 'close', depth: depth + 1 });
						start = true;
					}
				n = n.children[0] || null;
			}
		};
		const first = this.root.children[0];
		if (first) line(first, 0);
		return out;
	}
}
