// tests/wasm/review-cases.mjs: the cases of tests/data/review.txt (the C test's table, tests/t_review.c)
// as lines for the engine in WebAssembly (app/usi_wasm.c: `review prob SCORE`, `review mark BEFORE
// AFTER CHOSEN`), each with a check of the answer, so that the wasm build (tests/wasm/run.mjs,
// wasm-5.1) and the browser's worker (tests/browser/review.mjs, browser-62.1) are shown to give the
// curve and the marks of libgyoku, to the table's precision, with no copy in JavaScript.
import { readFileSync } from 'node:fs';
import { parseReview } from '../../web/src/engine.js';

const root = new URL('../../', import.meta.url).pathname;

/** A table score ("-300", "mate 5") as the engine's words, from the same side's view or the other's. */
function words(t, negate) {
	const m = t.match(/^mate (-?\d+)$/);
	const v = Number(m ? m[1] : t);
	return `${m ? 'mate' : 'cp'} ${negate ? -v : v}`;
}

/**
 * The cases: { id, line, check(answer) -> null when right, else why }.  A mark case whose move is
 * the search's choice gives two lines: its mark (best, loss 0) and, as not chosen, the table's loss.
 * @returns {{ id: string, line: string, check: (answer: string) => string | null }[]}
 */
export function reviewCases() {
	const out = [];
	for (const l of readFileSync(root + 'tests/data/review.txt', 'utf8').split('\n')) {
		if (!l.trim() || l.startsWith('#')) continue;
		const f = l.split('\t');
		if (f[1] === 'prob') {
			out.push({
				id: f[0],
				line: `review prob ${words(f[2], false)}`,
				check(a) {
					const r = parseReview(a);
					const got = r && 'prob' in r ? (100 * r.prob).toFixed(1) : null;
					return got === f[3] ? null : `'${a}' is ${got}%, not ${f[3]}%`;
				},
			});
		} else if (f[1] === 'mark') {
			const [, , best, played, chosen, mark, loss] = f;
			// The engine takes the score after the move from the other side's view.
			const base = `review mark ${words(best, false)} ${words(played, true)}`;
			out.push({
				id: f[0],
				line: `${base} 0`,
				check(a) {
					const r = parseReview(a);
					const got = r && 'mark' in r ? (100 * r.loss).toFixed(1) : null;
					if (got !== loss) return `'${a}': loss ${got}%, not ${loss}%`;
					if (chosen !== 'chosen' && r && 'mark' in r && r.mark !== mark)
						return `'${a}': not ${mark}`;
					return null;
				},
			});
			if (chosen === 'chosen')
				out.push({
					id: f[0],
					line: `${base} 1`,
					check(a) {
						const r = parseReview(a);
						return r && 'mark' in r && r.mark === mark && r.loss === 0
							? null
							: `'${a}': not ${mark} with loss 0`;
					},
				});
		}
	}
	return out;
}
