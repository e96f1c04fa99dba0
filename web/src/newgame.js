/*
 * newgame.js: the new-game form, the lobby's (#/) and the board editor's ("Play from this
 * position"): against the computer at level 1-10, an open seek, or a challenge to a user; a
 * time control (a correspondence control as days per move, vacation days and automatic
 * vacation, or none), handicap or start position (SFEN; never rated), colour, impasse rule,
 * rated.  It makes the game (POST /api/games) and goes to it.
 */
import { h, replace } from './dom.js';
import { createGame } from './api.js';
import { HANDICAPS, TIME_PRESETS } from './gametext.js';
import { parseTimeControl } from './clock.js';
import { errorText, i18n, t } from './i18n.js';

/** The impasse rules a game may have, the server's default first. */
const IMPASSE_RULES = /** @type {const} */ ([
	['27', '27-point declaration (CSA)'],
	['24', '24-point declaration (JSA)'],
	['try', 'Try rule'],
	['none', 'No declaration'],
]);

/**
 * The new-game form, filled in from `query` (opponent, level, time, handicap, color, impasse,
 * rated, sfen, challenge).  On the board editor, `position` gives the start as it stands (the
 * form then has no start field and no handicap) and what makes it unplayable, said before
 * anything is sent.
 * @param {URLSearchParams} query
 * @param {{sfen: () => string, problems: () => string[]}} [position]
 */
export function newGameForm(query, position) {
	const challenge = query.get('challenge') || '';
	const preset = query.get('opponent') || (challenge ? 'user' : 'computer');
	const levelWanted = Number(query.get('level')) || 3;
	const timeWanted = query.get('time');
	const timeKnown = !timeWanted || TIME_PRESETS.some(([v]) => v === timeWanted);
	const radio = (/** @type {string} */ v, /** @type {string} */ label, /** @type {boolean} */ checked) =>
		h(
			'label',
			{ class: 'radio' },
			h('input', { type: 'radio', name: 'opponent', value: v, checked }),
			label,
		);
	const level = h(
		'select',
		{ name: 'level', 'aria-label': t('computer level') },
		...Array.from({ length: 10 }, (_, i) =>
			h('option', { value: i + 1, selected: i + 1 === levelWanted }, t('Level {n}', { n: i + 1 })),
		),
	);
	const user = h('input', {
		name: 'challenge',
		placeholder: t('user name'),
		value: challenge,
		'aria-label': t('user to challenge'),
	});
	const time = h(
		'select',
		{ name: 'time' },
		...TIME_PRESETS.map(([v, label]) =>
			h('option', { value: v, selected: v === (timeWanted || '10m+30s') }, t(label)),
		),
		h('option', { value: 'none', selected: timeWanted === 'none' }, t('No time limit')),
		h('option', { value: 'custom', selected: !timeKnown }, t('Custom…')),
	);
	const custom = h('input', {
		name: 'time_custom',
		placeholder: t('e.g. 10m+30s*3, 5m+10i, 3d/v14'),
		hidden: true,
		value: timeKnown ? '' : timeWanted || '',
		'aria-label': t('custom time control'),
	});
	// Correspondence: the control's three parts as controls of their own, filled in by a preset.
	const corrDays = h('input', { type: 'number', name: 'corr_days', min: 1, max: 14, value: 3 });
	const corrVacation = h('input', { type: 'number', name: 'corr_vacation', min: 0, max: 365, value: 7 });
	const corrAuto = h('input', { type: 'checkbox', name: 'corr_auto' });
	const corr = h(
		'fieldset',
		{ class: 'correspondence', hidden: true },
		h('legend', null, t('Correspondence')),
		h('label', null, t('Days per move'), corrDays),
		h('label', null, t('Vacation days'), corrVacation),
		h(
			'label',
			{ class: 'check' },
			corrAuto,
			t('Automatic vacation (spend vacation days instead of losing on time)'),
		),
		h(
			'p',
			{ class: 'hint' },
			t(
				'Vacation days stop your clock; take them on the game page. Days you do not use come back when you move.',
			),
		),
	);
	/** The correspondence control of the three controls, as gyoku/clock.h writes it ("3d/v7/auto"). */
	const corrText = () => {
		const v = Number(corrVacation.value) || 0;
		const auto = /** @type {HTMLInputElement} */ (corrAuto).checked;
		return `${Number(corrDays.value) || 0}d` + (v || auto ? `/v${v}` : '') + (auto ? '/auto' : '');
	};
	const handicap = h(
		'select',
		{ name: 'handicap' },
		...HANDICAPS.map(([id, en, ja]) =>
			h(
				'option',
				{ value: id, selected: id === query.get('handicap') },
				i18n.lang === 'ja' ? ja : `${en} ${ja}`,
			),
		),
	);
	const color = h(
		'select',
		{ name: 'color' },
		h('option', { value: 'random' }, t('Random')),
		h('option', { value: 'black', selected: query.get('color') === 'black' }, t('☗ Black (Sente)')),
		h('option', { value: 'white', selected: query.get('color') === 'white' }, t('☖ White (Gote)')),
	);
	const rated = h('input', { type: 'checkbox', name: 'rated', checked: query.get('rated') === '1' });
	// The rule for entering kings (docs/server.md "Games": impasse; gyoku/impasse.h).
	const impasse = h(
		'select',
		{ name: 'impasse' },
		...IMPASSE_RULES.map(([id, label]) =>
			h('option', { value: id, selected: id === (query.get('impasse') || '27') }, t(label)),
		),
	);
	const sfen = /** @type {HTMLInputElement} */ (
		h('input', {
			name: 'sfen',
			value: query.get('sfen') || '',
			placeholder: t('SFEN of the start (optional)'),
			spellcheck: false,
			autocomplete: 'off',
		})
	);
	const note = h('p', { class: 'hint' });
	const error = h('p', { class: 'form-error', 'data-testid': 'form-error', role: 'alert' });
	const button = h(
		'button',
		{ class: 'btn primary', type: 'submit', 'data-testid': 'create-game' },
		t('Create the game'),
	);
	const form = h(
		'form',
		{ class: 'card form create-game', 'data-testid': 'create-form' },
		h('h2', null, position ? t('Play from this position') : t('New game')),
		h(
			'fieldset',
			{ class: 'opponents' },
			h('legend', null, t('Opponent')),
			h('div', { class: 'row' }, radio('computer', t('Computer'), preset === 'computer'), level),
			h('div', { class: 'row' }, radio('open', t('Open seek (anyone)'), preset === 'open')),
			h('div', { class: 'row' }, radio('user', t('Challenge'), preset === 'user'), user),
		),
		h('label', null, t('Time control'), time, custom),
		corr,
		position ? null : h('label', null, t('Handicap'), handicap),
		position
			? null
			: h(
					'label',
					null,
					t('Start position'),
					' ',
					h(
						'a',
						{ href: '#/editor', 'data-testid': 'goto-editor' },
						t('From a position'),
					),
					sfen,
				),
		h('label', null, t('Your side'), color),
		h('label', null, t('Impasse rule'), impasse),
		h('label', { class: 'check' }, rated, t('Rated')),
		note,
		error,
		button,
	);

	const opponent = () =>
		/** @type {HTMLInputElement} */ (form.querySelector('input[name=opponent]:checked')).value;
	const isCorrPreset = () => time.value !== 'custom' && /d/.test(time.value);
	const update = () => {
		const opp = opponent();
		const isCorr = /d/.test(time.value === 'custom' ? custom.value : time.value);
		custom.hidden = time.value !== 'custom';
		corr.hidden = !isCorrPreset();
		level.disabled = opp !== 'computer';
		user.disabled = opp !== 'user';
		const fromPosition = Boolean(position) || sfen.value.trim() !== '';
		handicap.disabled = fromPosition;
		const canRate = opp !== 'computer' && handicap.value === 'even' && !fromPosition;
		rated.disabled = !canRate;
		if (!canRate) rated.checked = false;
		const notes = [];
		if (fromPosition) notes.push(t('A game from a position is not rated.'));
		else if (handicap.value !== 'even')
			notes.push(t('In a handicap game the giver (上手) is White and moves first.'));
		if (opp === 'computer' && isCorr) notes.push(t('Correspondence is for games between people.'));
		replace(note, notes.join(' '));
	};
	const fillCorr = () => {
		const tc = isCorrPreset() ? parseTimeControl(time.value) : null;
		if (!tc) return;
		corrDays.value = String(tc.days);
		corrVacation.value = String(tc.vacationDays);
		/** @type {HTMLInputElement} */ (corrAuto).checked = tc.autoVacation;
	};
	time.addEventListener('change', fillCorr);
	fillCorr();
	form.addEventListener('change', update);
	sfen.addEventListener('input', update);
	user.addEventListener('focus', () => {
		/** @type {HTMLInputElement} */ (form.querySelector('input[value=user]')).checked = true;
		update();
	});
	update();

	form.addEventListener('submit', async (e) => {
		e.preventDefault();
		error.textContent = '';
		const wrong = position ? position.problems() : [];
		if (wrong.length) {
			error.textContent = wrong.join(' ');
			return;
		}
		const opp = opponent();
		/** @type {Record<string, any>} */
		const body = {
			opponent: opp === 'user' ? user.value.trim() : opp,
			time: time.value === 'custom' ? custom.value.trim() : isCorrPreset() ? corrText() : time.value,
			handicap: handicap.value,
			color: color.value,
			rated: rated.checked,
			impasse: impasse.value,
		};
		const start = position ? position.sfen() : sfen.value.trim();
		if (start) {
			body.sfen = start;
			delete body.handicap;
		}
		if (opp === 'computer') body.level = Number(level.value);
		if (opp === 'user' && !body.opponent) {
			error.textContent = t('Whom do you challenge?');
			return;
		}
		button.disabled = true;
		try {
			const id = await createGame('/api/games', body);
			location.hash = `#/game/${encodeURIComponent(id)}`;
		} catch (err) {
			error.textContent = errorText(/** @type {Error} */ (err).message);
		} finally {
			button.disabled = false;
		}
	});
	return form;
}
