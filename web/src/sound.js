/*
 * sound.js: the game page's sounds, synthesized with the Web Audio API
 * (no sound files, nothing fetched): a move, a capture, check, the game's
 * end, and a tick each second in the last ten seconds of the user's own
 * byoyomi period (or of the main time when there is no byoyomi).  Which
 * sound an event gives is decided by pure functions (soundFor,
 * countdownSecond, tested in test/sound.test.js); play() makes it, unless
 * the user muted the sounds (prefs.js).  Each sound is one oscillator
 * whose start frequency is its own (TONES), so a test can tell them apart.
 */
import { prefs } from './prefs.js';
import { parseUsi, pieceAt } from './sfen.js';

/** @typedef {'move' | 'capture' | 'check' | 'end' | 'tick'} Sound */
/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./types.js').Clock} ClockView */
/** @typedef {import('./clock.js').TimeControl} TimeControl */

/**
 * Each sound's waveform, start and end frequency (Hz), length (s) and loudness.
 * @type {Record<Sound, {wave: OscillatorType, from: number, to: number, length: number, gain: number}>}
 */
export const TONES = {
	move: { wave: 'triangle', from: 420, to: 180, length: 0.08, gain: 0.5 },
	capture: { wave: 'square', from: 300, to: 90, length: 0.14, gain: 0.25 },
	check: { wave: 'sawtooth', from: 880, to: 660, length: 0.25, gain: 0.2 },
	end: { wave: 'sine', from: 523, to: 262, length: 0.7, gain: 0.4 },
	tick: { wave: 'square', from: 1200, to: 1200, length: 0.03, gain: 0.12 },
};

/** The seconds of the countdown: a tick each second while this many or fewer are left. */
export const COUNTDOWN_S = 10;

/**
 * The sound of a move: 'end' when it ended the game, else 'check' when it
 * gives check, else 'capture' when it takes a piece, else 'move'.
 * @param {{move: string, check: boolean, status: string}} ev the move and the game after it
 * @param {Position | null | undefined} before the position the move was made in
 * @returns {Sound}
 */
export function soundFor(ev, before) {
	if (ev.status === 'ended') return 'end';
	if (ev.check) return 'check';
	const m = parseUsi(ev.move);
	if (m && !m.drop && before && pieceAt(before, m.to)) return 'capture';
	return 'move';
}

/**
 * The whole seconds left (1-10, rounded up) of the countdown of a running
 * live clock, or null outside the countdown: in byoyomi, of the period; with
 * no byoyomi in the time control, of the main time; never during main time
 * that byoyomi follows, nor in correspondence.
 * @param {ClockView} view the clock now
 * @param {TimeControl | null} tc
 * @returns {number | null}
 */
export function countdownSecond(view, tc) {
	if (!tc || tc.days > 0) return null;
	let ms;
	if (view.byoyomi) ms = view.period_ms;
	else if (tc.byoyomiMs === 0) ms = view.main_ms;
	else return null;
	const s = Math.ceil(ms / 1000);
	return s >= 1 && s <= COUNTDOWN_S ? s : null;
}

/** @type {AudioContext | null} */
let context = null;

/**
 * Plays a sound unless the sounds are muted; silent where the browser has no Web Audio.
 * @param {Sound} kind
 */
export function play(kind) {
	if (!prefs.sound) return;
	try {
		if (!context) {
			if (typeof AudioContext === 'undefined') return;
			context = new AudioContext();
		}
		const ctx = context;
		if (ctx.state === 'suspended') ctx.resume().catch(() => {});
		const t = TONES[kind];
		const now = ctx.currentTime;
		const osc = ctx.createOscillator();
		const gain = ctx.createGain();
		osc.type = t.wave;
		osc.frequency.setValueAtTime(t.from, now);
		osc.frequency.exponentialRampToValueAtTime(t.to, now + t.length);
		gain.gain.setValueAtTime(t.gain, now);
		gain.gain.exponentialRampToValueAtTime(0.001, now + t.length);
		osc.connect(gain);
		gain.connect(ctx.destination);
		osc.start(now);
		osc.stop(now + t.length);
	} catch {
		/* no sound: the game goes on */
	}
}
