/*
 * clockview.js: both players' clocks on the game page.  Takes the game
 * JSON's `clocks` (each side's clock at the server's `now_ms`) and counts
 * the running side down every 100 ms from the moment the answer arrived,
 * measured with the page's monotonic clock, so a wrong clock on the
 * user's machine does not matter (only server times, now_ms and
 * deadline_ms, are ever compared with each other).  The running clock is highlighted, a
 * low one drawn in red; correspondence clocks show the time to move in days
 * and hours, the vacation allowance left on a line of its own, and a mark
 * while the player is on vacation (seen by both players and spectators).
 * Each drawing is reported to the page (the countdown's sounds).
 */
import { h } from './dom.js';
import { parseTimeControl, projectClock, clockDisplay, clockLag, vacationText } from './clock.js';

/** @typedef {import('./types.js').Clocks} Clocks */
/** @typedef {import('./types.js').Color} Color */

const TICK_MS = 100;

/** One clock element. */
function clockEl(/** @type {Color} */ color) {
	return h(
		'div',
		{ class: 'clock', 'data-testid': `clock-${color}`, 'data-color': color },
		h('span', { class: 'clock-main' }),
		h('span', { class: 'clock-sub' }),
		h('span', { class: 'clock-vacation', 'data-testid': `clock-vacation-${color}`, hidden: true }),
		h('span', { class: 'clock-away', 'data-testid': `on-vacation-${color}`, hidden: true }),
	);
}

export class ClockPair {
	/**
	 * @param {(color: Color, view: import('./clock.js').ClockView | null, tc: import('./clock.js').TimeControl | null) => void} [onDraw]
	 *   called on each drawing with each side's clock as shown, the running one only (null for the others)
	 */
	constructor(onDraw) {
		this.onDraw = onDraw || (() => {});
		this.els = { black: clockEl('black'), white: clockEl('white') };
		/** @type {Clocks} */
		this.clocks = null;
		/** @type {import('./clock.js').TimeControl | null} */
		this.tc = null;
		this.received = 0;
		/** How much older than now_ms the running clock's view is (see clockLag). */
		this.lag = 0;
		this.live = false;
		/** The game is in play (a player of an ended game is no longer on vacation). */
		this.inPlay = false;
		/** @type {ReturnType<typeof setInterval> | null} */
		this.timer = null;
	}

	/**
	 * New clocks from the server.
	 * @param {Clocks} clocks
	 * @param {string | undefined} time the game's time control (undefined: unchanged)
	 * @param {boolean} playing the game is in play (the running clock counts down)
	 */
	set(clocks, time, playing) {
		this.clocks = clocks;
		if (time !== undefined) {
			this.tc = parseTimeControl(time);
			this.inPlay = playing;
		}
		this.received = performance.now();
		this.lag = clockLag(this.clocks, this.tc);
		this.live = playing && Boolean(clocks && clocks.running);
		this.draw();
		if (this.live && !this.timer) this.timer = setInterval(() => this.draw(), TICK_MS);
		if (!this.live && this.timer) {
			clearInterval(this.timer);
			this.timer = null;
		}
	}

	/** Stops the clocks (the game ended, or until the server's answer to a move arrives). */
	freeze() {
		if (this.clocks && this.live) {
			const elapsed = performance.now() - this.received;
			const run = this.clocks.running;
			if (run)
				this.clocks = {
					...this.clocks,
					[run]: projectClock(this.clocks[run], elapsed + this.lag, this.tc),
					running: null,
				};
		}
		this.set(this.clocks, undefined, false);
	}

	draw() {
		const c = this.clocks;
		for (const color of /** @type {Color[]} */ (['black', 'white'])) {
			const el = this.els[color];
			el.hidden = !c || !c[color];
			if (!c || !c[color]) continue;
			const running = this.live && c.running === color;
			const view = running
				? projectClock(c[color], performance.now() - this.received + this.lag, this.tc)
				: c[color];
			const d = clockDisplay(view, this.tc);
			const [main, sub, vacation, away] = /** @type {HTMLElement[]} */ ([...el.children]);
			main.textContent = d.main;
			sub.textContent = d.sub;
			const v =
				this.tc && this.tc.days > 0 ? vacationText(view, this.tc) : { allowance: '', away: '' };
			if (!this.inPlay) v.away = '';
			vacation.textContent = v.allowance;
			vacation.hidden = !v.allowance;
			away.textContent = v.away;
			away.hidden = !v.away;
			el.classList.toggle('running', running);
			el.classList.toggle('low', d.low);
			el.classList.toggle('on-vacation', Boolean(v.away));
			this.onDraw(color, running ? view : null, this.tc);
		}
	}

	destroy() {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
	}
}
