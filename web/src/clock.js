/*
 * clock.js: the clock arithmetic of the game page, pure (no DOM, no timers).
 * Parses time-control text ("10m+30s*3", "5m+10i", "0+30s", "3d/v14/auto",
 * as gyoku/clock.h writes it), runs a server clock view forward by the time
 * elapsed since the server's `now_ms` (so the client's own clock, which may
 * be wrong, only measures elapsed time), and formats clocks for display.
 */

import { t, tn } from './i18n.js';

/** @typedef {import('./types.js').Clock} ClockView a clock of the game JSON: one side's at the server's `now_ms` */
/** @typedef {import('./types.js').Clocks} Clocks */

/**
 * A parsed time control.
 * @typedef {object} TimeControl
 * @property {number} mainMs
 * @property {number} byoyomiMs
 * @property {number} periods
 * @property {number} incrementMs
 * @property {number} days correspondence days per move (0 for a live clock)
 * @property {number} vacationDays
 * @property {boolean} autoVacation
 */

const DAY_MS = 86400000;

/**
 * A duration: "0", seconds ("30"), or unit groups ("1h", "1m30s").
 * Returns milliseconds or NaN.
 * @param {string} s
 */
function parseDuration(s) {
	if (/^\d+$/.test(s)) return Number(s) * 1000;
	const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(s);
	if (!m || s === '') return NaN;
	return ((Number(m[1] || 0) * 60 + Number(m[2] || 0)) * 60 + Number(m[3] || 0)) * 1000;
}

/**
 * Parses a time-control text; null when it does not parse.
 * @param {string | null | undefined} text
 * @returns {TimeControl | null}
 */
export function parseTimeControl(text) {
	if (!text) return null;
	/** @type {TimeControl} */
	const tc = {
		mainMs: 0,
		byoyomiMs: 0,
		periods: 0,
		incrementMs: 0,
		days: 0,
		vacationDays: 0,
		autoVacation: false,
	};
	const corr = /^(\d+)d(?:\/v(\d+))?(\/auto)?$/.exec(text.trim());
	if (corr) {
		tc.days = Number(corr[1]);
		tc.vacationDays = Number(corr[2] || 0);
		tc.autoVacation = Boolean(corr[3]);
		return tc.days > 0 ? tc : null;
	}
	const parts = text.trim().split('+');
	tc.mainMs = parseDuration(parts[0]);
	if (Number.isNaN(tc.mainMs)) return null;
	for (const part of parts.slice(1)) {
		const inc = /^(.+)i$/.exec(part);
		if (inc) {
			tc.incrementMs = parseDuration(inc[1]);
			if (Number.isNaN(tc.incrementMs)) return null;
			continue;
		}
		const byo = /^([^*]+)(?:\*(\d+))?$/.exec(part);
		if (!byo) return null;
		tc.byoyomiMs = parseDuration(byo[1]);
		if (Number.isNaN(tc.byoyomiMs)) return null;
		tc.periods = Number(byo[2] || 1);
	}
	return tc;
}

/**
 * A clock view `elapsedMs` after it was taken, for the side whose clock
 * runs: main time first, then byoyomi periods one after another (each
 * overrun costs a period and the next starts full), never below zero.
 * @param {ClockView} view
 * @param {number} elapsedMs
 * @param {TimeControl | null} tc
 * @returns {ClockView}
 */
export function projectClock(view, elapsedMs, tc) {
	const e0 = Math.max(0, elapsedMs);
	const total = Math.max(0, view.total_ms - e0);
	if (tc && tc.days > 0) {
		// A declared vacation runs first (the time to move stands), then the days per move, then
		// (automatic vacation) whole days from the allowance.
		let move = view.move_ms - Math.max(0, e0 - view.vacation_ms);
		let days = view.vacation_days;
		while (tc.autoVacation && move < 0 && days > 0) {
			move += DAY_MS;
			days--;
		}
		return {
			...view,
			total_ms: total,
			move_ms: Math.max(0, move),
			vacation_ms: Math.max(0, view.vacation_ms - e0),
			vacation_days: days,
		};
	}
	let e = e0;
	let { main_ms: main, periods, period_ms: period, byoyomi } = view;
	const periodLen = (tc && tc.byoyomiMs) || (byoyomi ? 0 : view.period_ms);
	if (!byoyomi) {
		main -= e;
		if (main >= 0) return { ...view, main_ms: main, total_ms: total };
		e = -main;
		main = 0;
		if (!periodLen || periods <= 0) return { ...view, main_ms: 0, total_ms: 0 };
		byoyomi = true;
		period = periodLen;
	}
	period -= e;
	while (period < 0 && periods > 1 && periodLen > 0) {
		periods--;
		period += periodLen;
	}
	if (period < 0) period = 0;
	return { ...view, main_ms: main, periods, period_ms: period, byoyomi, total_ms: total };
}

/**
 * The running side's view should be taken at the server's now_ms, so that
 * its total_ms equals deadline_ms - now_ms.  If it is larger (a view taken
 * when the turn started), the difference is time already spent: it is
 * added to the elapsed time.  Live clocks only (a correspondence deadline
 * may include vacation days).
 * @param {Clocks} c
 * @param {TimeControl | null} tc
 */
export function clockLag(c, tc) {
	if (!c || !c.running || c.deadline_ms === null || (tc && tc.days > 0)) return 0;
	return Math.max(0, c[c.running].total_ms - (c.deadline_ms - c.now_ms));
}

/**
 * m:ss, or h:mm:ss from one hour, with tenths under ten seconds
 * ("0:09.3").  Counts down, so it shows the time floored.
 * @param {number} ms
 */
export function formatDuration(ms) {
	const t = Math.max(0, Math.floor(ms));
	if (t < 10000) {
		const tenths = Math.floor(t / 100);
		return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
	}
	const s = Math.floor(t / 1000);
	const h = Math.floor(s / 3600);
	const m = Math.floor((s % 3600) / 60);
	const ss = String(s % 60).padStart(2, '0');
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Correspondence time left: "2d 13h", "5h 07m", "12:05" under an hour.
 * @param {number} ms
 */
export function formatDays(ms) {
	const left = Math.max(0, Math.floor(ms));
	if (left < 3600000) return formatDuration(left);
	const d = Math.floor(left / DAY_MS);
	const h = Math.floor((left % DAY_MS) / 3600000);
	if (d > 0) return t('{d}d {h}h', { d, h });
	const m = Math.floor((left % 3600000) / 60000);
	return t('{h}h {m}m', { h, m: String(m).padStart(2, '0') });
}

/**
 * A short text for a byoyomi length: "30s", "1m", "1m30s".
 * @param {number} ms
 */
function shortSeconds(ms) {
	const s = Math.round(ms / 1000);
	if (s < 60) return `${s}s`;
	return s % 60 ? `${Math.floor(s / 60)}m${s % 60}s` : `${s / 60}m`;
}

/**
 * A correspondence clock's vacation in words: the allowance left ("vacation: 12 days left",
 * "automatic" when it is spent by itself), and while a declared vacation runs, the mark
 * "on vacation, 1d 12h left" ("" when not on vacation).
 * @param {ClockView} view
 * @param {TimeControl} tc
 * @returns {{allowance: string, away: string}}
 */
export function vacationText(view, tc) {
	const n = view.vacation_days;
	let allowance = tn(n, 'vacation: {n} day left', 'vacation: {n} days left');
	if (tc.autoVacation) allowance = t('{allowance} (automatic)', { allowance });
	if (!tc.vacationDays && !n) allowance = t('no vacation');
	const away = view.vacation_ms > 0 ? t('on vacation, {time} left', { time: formatDays(view.vacation_ms) }) : '';
	return { allowance, away };
}

/**
 * What a clock shows: the big number, a small line under it and whether
 * the time is low (drawn in red).  A correspondence clock shows the time to
 * move (the days per move, without the vacation allowance, which
 * vacationText gives apart).
 * @param {ClockView} view
 * @param {TimeControl | null} tc
 * @returns {{main: string, sub: string, low: boolean}}
 */
export function clockDisplay(view, tc) {
	if (tc && tc.days > 0) {
		const sub = t('to move ({n}d per move)', { n: tc.days });
		const low =
			view.move_ms < DAY_MS / 2 && !(tc.autoVacation && view.vacation_days > 0) && !view.vacation_ms;
		return { main: formatDays(view.move_ms), sub, low };
	}
	const periodLen = (tc && tc.byoyomiMs) || 0;
	if (view.byoyomi) {
		const n = view.periods;
		return {
			main: formatDuration(view.period_ms),
			sub: n > 1 ? t('byoyomi ×{n}', { n }) : n === 1 ? t('byoyomi') : '',
			low: view.period_ms < 10000,
		};
	}
	let sub = '';
	if (periodLen > 0 && view.periods > 0)
		sub = `+${shortSeconds(periodLen)}` + (view.periods > 1 ? ` ×${view.periods}` : '');
	if (tc && tc.incrementMs > 0)
		sub += (sub ? ' ' : '') + t('+{time}/move', { time: shortSeconds(tc.incrementMs) });
	const low = periodLen > 0 && view.periods > 0 ? view.main_ms < 10000 : view.main_ms < 30000;
	return { main: formatDuration(view.main_ms), sub, low };
}
