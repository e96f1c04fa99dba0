// clock.test.js: time-control parsing, running a clock view forward, formatting (src/clock.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	parseTimeControl,
	projectClock,
	formatDuration,
	formatDays,
	clockDisplay,
	clockLag,
	vacationText,
} from '../src/clock.js';

test('time controls parse', () => {
	assert.deepEqual(parseTimeControl('10m+30s'), {
		mainMs: 600000,
		byoyomiMs: 30000,
		periods: 1,
		incrementMs: 0,
		days: 0,
		vacationDays: 0,
		autoVacation: false,
	});
	assert.equal(parseTimeControl('10m+30s*3').periods, 3);
	assert.equal(parseTimeControl('5m+10i').incrementMs, 10000);
	assert.equal(parseTimeControl('5m+10i').byoyomiMs, 0);
	assert.equal(parseTimeControl('0+30s').mainMs, 0);
	assert.equal(parseTimeControl('1h30m+1m30s').byoyomiMs, 90000);
	assert.equal(parseTimeControl('1h30m+1m30s').mainMs, 5400000);
	assert.equal(parseTimeControl('10m+30s+5i').incrementMs, 5000);
	assert.deepEqual(parseTimeControl('3d/v14/auto'), {
		mainMs: 0,
		byoyomiMs: 0,
		periods: 0,
		incrementMs: 0,
		days: 3,
		vacationDays: 14,
		autoVacation: true,
	});
	assert.equal(parseTimeControl('3d').days, 3);
	for (const bad of ['', 'x', '10q', '3d/x', '10m+', '0d']) assert.equal(parseTimeControl(bad), null, bad);
	assert.equal(parseTimeControl(null), null);
});

const view = (o) => ({
	main_ms: 0,
	periods: 0,
	period_ms: 0,
	byoyomi: false,
	vacation_days: 0,
	total_ms: 0,
	move_ms: 0,
	vacation_ms: 0,
	...o,
});

test('a running clock spends main time, then byoyomi periods', () => {
	const tc = parseTimeControl('1m+30s*3');
	const v = view({ main_ms: 60000, periods: 3, period_ms: 30000, total_ms: 150000 });
	assert.equal(projectClock(v, 1500, tc).main_ms, 58500);
	assert.equal(projectClock(v, 1500, tc).total_ms, 148500);
	const b = projectClock(v, 65000, tc);
	assert.equal(b.byoyomi, true);
	assert.equal(b.main_ms, 0);
	assert.equal(b.periods, 3);
	assert.equal(b.period_ms, 25000);
	const c = projectClock(v, 60000 + 30000 + 12000, tc); // one period overrun
	assert.equal(c.periods, 2);
	assert.equal(c.period_ms, 18000);
	const flag = projectClock(v, 200000, tc);
	assert.equal(flag.periods, 1);
	assert.equal(flag.period_ms, 0);
	assert.equal(flag.total_ms, 0);
	// Negative elapsed time (a skewed client) never adds time.
	assert.equal(projectClock(v, -5000, tc).main_ms, 60000);
});

test('sudden death and the period length taken from the view when the text is unknown', () => {
	const sd = projectClock(view({ main_ms: 5000, total_ms: 5000 }), 7000, parseTimeControl('5m'));
	assert.equal(sd.main_ms, 0);
	assert.equal(sd.total_ms, 0);
	const v = projectClock(view({ main_ms: 1000, periods: 1, period_ms: 10000, total_ms: 11000 }), 3000, null);
	assert.equal(v.byoyomi, true);
	assert.equal(v.period_ms, 8000);
});

test('correspondence only counts down the total', () => {
	const tc = parseTimeControl('3d');
	const v = projectClock(view({ total_ms: 3 * 86400000, move_ms: 3 * 86400000, vacation_days: 14 }), 3600000, tc);
	assert.equal(v.total_ms, 3 * 86400000 - 3600000);
	assert.equal(formatDays(v.total_ms), '2d 23h');
	assert.deepEqual(clockDisplay(v, tc), { main: '2d 23h', sub: 'to move (3d per move)', low: false });
	assert.equal(clockDisplay(view({ total_ms: 3600000 * 5, move_ms: 3600000 * 5 }), tc).low, true);
});

test('correspondence shows the time to move and the vacation apart, never their sum', () => {
	const D = 86400000;
	const tc = parseTimeControl('3d/v14/auto');
	// The idle side of a 3d/v14/auto game: 17 days before it would flag, 3 days to move.
	const idle = view({ total_ms: 17 * D, move_ms: 3 * D, vacation_days: 14 });
	assert.equal(clockDisplay(idle, tc).main, '3d 0h');
	assert.deepEqual(vacationText(idle, tc), { allowance: 'vacation: 14 days left (automatic)', away: '' });
	// On vacation: the vacation runs first, the time to move stands; then the days per move run.
	const away = view({ total_ms: 17 * D, move_ms: 2 * D, vacation_ms: D + 12 * 3600000, vacation_days: 12 });
	assert.equal(vacationText(away, tc).away, 'on vacation, 1d 12h left');
	const later = projectClock(away, D, tc);
	assert.equal(later.move_ms, 2 * D);
	assert.equal(later.vacation_ms, 12 * 3600000);
	assert.equal(projectClock(away, 2 * D, tc).move_ms, D + 12 * 3600000);
	// Past the days per move, automatic vacation spends a whole day.
	const late = projectClock(view({ total_ms: 3 * D, move_ms: 3600000, vacation_days: 2 }), 2 * 3600000, tc);
	assert.equal(late.vacation_days, 1);
	assert.equal(late.move_ms, D - 3600000);
	assert.equal(
		vacationText(view({ vacation_days: 1 }), parseTimeControl('3d/v1')).allowance,
		'vacation: 1 day left',
	);
	assert.equal(vacationText(view({}), parseTimeControl('3d')).allowance, 'no vacation');
});

test('durations format', () => {
	assert.equal(formatDuration(600000), '10:00');
	assert.equal(formatDuration(599999), '9:59');
	assert.equal(formatDuration(3723000), '1:02:03');
	assert.equal(formatDuration(10000), '0:10');
	assert.equal(formatDuration(9350), '0:09.3');
	assert.equal(formatDuration(0), '0:00.0');
	assert.equal(formatDuration(-20), '0:00.0');
	assert.equal(formatDays(86400000 * 2 + 3600000 * 13 + 5), '2d 13h');
	assert.equal(formatDays(3600000 * 5 + 60000 * 7), '5h 07m');
	assert.equal(formatDays(754000), '12:34');
});

test('clock display lines and low time', () => {
	const tc = parseTimeControl('10m+30s*3');
	assert.deepEqual(clockDisplay(view({ main_ms: 600000, periods: 3, period_ms: 30000 }), tc), {
		main: '10:00',
		sub: '+30s ×3',
		low: false,
	});
	assert.deepEqual(clockDisplay(view({ byoyomi: true, periods: 2, period_ms: 8000 }), tc), {
		main: '0:08.0',
		sub: 'byoyomi ×2',
		low: true,
	});
	assert.deepEqual(clockDisplay(view({ main_ms: 20000 }), parseTimeControl('5m+10i')), {
		main: '0:20',
		sub: '+10s/move',
		low: true,
	});
	assert.equal(
		clockDisplay(view({ main_ms: 20000, periods: 1, period_ms: 30000 }), parseTimeControl('5m+30s')).low,
		false,
	);
	assert.equal(
		clockDisplay(view({ main_ms: 20000, periods: 1, period_ms: 30000 }), parseTimeControl('5m+30s')).sub,
		'+30s',
	);
});

test('a running view older than now_ms is moved on by the difference', () => {
	const tc = parseTimeControl('10m');
	const c = (total, deadline) => ({
		running: 'black',
		black: view({ main_ms: total, total_ms: total }),
		white: view({ main_ms: 600000, total_ms: 600000 }),
		deadline_ms: deadline,
		now_ms: 1000000,
	});
	assert.equal(clockLag(c(600000, 1000000 + 600000), tc), 0); // taken at now_ms
	assert.equal(clockLag(c(600000, 1000000 + 595000), tc), 5000); // taken 5 s before now_ms
	assert.equal(clockLag(c(590000, 1000000 + 595000), tc), 0); // never negative
	assert.equal(clockLag({ ...c(600000, 1000000 + 595000), running: null }, tc), 0);
	assert.equal(clockLag({ ...c(600000, null) }, tc), 0);
	assert.equal(clockLag(c(600000, 1000000 + 595000), parseTimeControl('3d')), 0);
});
