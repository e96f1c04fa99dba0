/*
 * pages/import.js: importing a record (#/import): paste it or choose a
 * file (KIF, KI2, CSA, JKF, SFEN/USI; a Shift_JIS KIF file is decoded in
 * the browser), POST /api/import, then open the stored game to replay.
 * Importing needs an account: a visitor is asked to log in or sign up
 * first, and comes back here after.
 */
import { h } from '../dom.js';
import { createGame, session } from '../api.js';
import { decodeRecord, formatOfFile } from '../recordfile.js';
import { t } from '../i18n.js';

/** @param {HTMLElement} root */
export function importPage(root) {
	if (!session.me) {
		const next = encodeURIComponent('#/import');
		root.replaceChildren(
			h(
				'div',
				{ class: 'narrow-page' },
				h(
					'div',
					{ class: 'card form import', 'data-testid': 'import-login' },
					h('h1', null, t('Import a record')),
					h(
						'p',
						null,
						t(
							'Importing a record needs an account: the records are kept on the server.',
						),
					),
					h(
						'p',
						null,
						h(
							'a',
							{ class: 'btn primary', href: `#/login?next=${next}` },
							t('Log in'),
						),
						' ',
						h('a', { class: 'btn', href: `#/signup?next=${next}` }, t('Sign up')),
					),
				),
			),
		);
		return { destroy() {} };
	}
	const record = h('textarea', {
		name: 'record',
		rows: 14,
		spellcheck: false,
		placeholder: '手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n…',
	});
	const file = h('input', {
		type: 'file',
		name: 'file',
		accept: '.kif,.kifu,.ki2,.ki2u,.csa,.jkf,.json,.sfen,.usi,.txt',
	});
	const format = h(
		'select',
		{ name: 'format' },
		...[
			['', t('Guess')],
			['kif', 'KIF'],
			['ki2', 'KI2'],
			['csa', 'CSA'],
			['jkf', 'JKF'],
			['sfen', 'SFEN'],
			['usi', 'USI'],
		].map(([v, l]) => h('option', { value: v }, l)),
	);
	const error = h('p', { class: 'form-error', 'data-testid': 'form-error', role: 'alert' });
	const button = h(
		'button',
		{ class: 'btn primary', type: 'submit', 'data-testid': 'import' },
		t('Import and replay'),
	);
	file.addEventListener('change', async () => {
		const f = file.files && file.files[0];
		if (!f) return;
		record.value = decodeRecord(await f.arrayBuffer());
		const fmt = formatOfFile(f.name);
		if (fmt) format.value = fmt;
	});
	const form = h(
		'form',
		{ class: 'card form import' },
		h('h1', null, t('Import a record')),
		h('p', { class: 'hint' }, t('Paste a game record or choose a file: KIF, KI2, CSA, JKF, SFEN or USI.')),
		h('label', null, t('File'), file),
		h('label', null, t('Record'), record),
		h('label', null, t('Format'), format),
		error,
		button,
	);
	form.addEventListener('submit', async (e) => {
		e.preventDefault();
		error.textContent = '';
		if (!record.value.trim()) {
			error.textContent = t('Paste a record or choose a file.');
			return;
		}
		button.disabled = true;
		try {
			/** @type {Record<string, string>} */
			const body = { record: record.value };
			if (format.value) body.format = format.value;
			const id = await createGame('/api/import', body);
			location.hash = `#/game/${encodeURIComponent(id)}`;
		} catch (err) {
			// The server's message says where a record fails: "line 3, column 5: ...".
			error.textContent = /** @type {Error} */ (err).message;
		} finally {
			button.disabled = false;
		}
	});
	root.replaceChildren(h('div', { class: 'narrow-page wide' }, form));
	return { destroy() {} };
}
