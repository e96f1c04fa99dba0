/*
 * pages/auth.js: the sign-up (#/signup) and login (#/login) forms and
 * logging out.  Both forms post {"name","password"}; the answer carries the
 * CSRF token, kept by api.js for every later POST.
 */
import { h } from '../dom.js';
import { api, setMe } from '../api.js';
import { t } from '../i18n.js';

/**
 * @param {HTMLElement} root
 * @param {'signup'|'login'} kind
 * @param {URLSearchParams} query ?next=<hash route> to go to afterwards
 */
export function authPage(root, kind, query) {
	const signup = kind === 'signup';
	const error = h('p', { class: 'form-error', 'data-testid': 'form-error', role: 'alert' });
	const name = h('input', {
		name: 'name',
		autocomplete: 'username',
		required: true,
		minlength: 3,
		maxlength: 20,
		pattern: '[A-Za-z0-9_\\-]{3,20}',
		title: t('3-20 letters, digits, _ or -'),
		autofocus: true,
	});
	const password = h('input', {
		name: 'password',
		type: 'password',
		required: true,
		minlength: 8,
		maxlength: 256,
		autocomplete: signup ? 'new-password' : 'current-password',
	});
	const button = h(
		'button',
		{ class: 'btn primary', type: 'submit', 'data-testid': kind },
		signup ? t('Sign up') : t('Log in'),
	);
	const form = h(
		'form',
		{ class: 'card form', 'data-testid': `${kind}-form` },
		h('h1', null, signup ? t('Create an account') : t('Log in')),
		h('label', null, t('Name'), name),
		h('label', null, t('Password'), password),
		signup
			? h(
					'p',
					{ class: 'hint' },
					t('Names: 3-20 letters, digits, _ or -. Passwords: at least 8 characters.'),
				)
			: null,
		error,
		button,
		h(
			'p',
			{ class: 'switch' },
			signup ? t('Have an account? ') : t('New here? '),
			h('a', { href: signup ? '#/login' : '#/signup' }, signup ? t('Log in') : t('Sign up')),
		),
	);
	form.addEventListener('submit', async (e) => {
		e.preventDefault();
		error.textContent = '';
		button.disabled = true;
		try {
			const body = { name: name.value, password: password.value };
			setMe(
				/** @type {import('../types.js').Me} */ (
					await api('POST', signup ? '/api/signup' : '/api/login', body)
				),
			);
			const next = query.get('next');
			location.hash = next && next.startsWith('#/') ? next : '#/';
		} catch (err) {
			error.textContent = /** @type {Error} */ (err).message;
		} finally {
			button.disabled = false;
		}
	});
	root.replaceChildren(h('div', { class: 'narrow-page' }, form));
	return { destroy() {} };
}

/** Logs out and goes to the lobby. */
export async function logout() {
	try {
		await api('POST', '/api/logout');
	} catch {
		/* the session is forgotten here either way */
	}
	setMe(null);
	location.hash = '#/';
}
