/*
 * dialog.js: modal dialogs (a confirmation, a message such as the game's
 * result) on the <dialog> element, and short notices ("toasts") for errors.
 * A dialog's data-testid comes from its caller.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./dom.js').Child} Child */

/**
 * Shows a modal and returns it; `buttons` close it with their value.
 * @param {string} testid
 * @param {string} title
 * @param {Child | Child[]} body
 * @param {{label: string, value: string, testid: string, primary?: boolean, danger?: boolean}[]} buttons
 * @returns {Promise<string>} the value of the button pressed ("" for Escape)
 */
function modal(testid, title, body, buttons) {
	return new Promise((resolve) => {
		const dlg = h('dialog', { class: 'dialog', 'data-testid': testid });
		const btns = buttons.map((b) =>
			h(
				'button',
				{
					class: 'btn' + (b.primary ? ' primary' : '') + (b.danger ? ' danger' : ''),
					'data-testid': b.testid,
					value: b.value,
					onclick: () => dlg.close(b.value),
				},
				b.label,
			),
		);
		dlg.append(
			h('h2', null, title),
			h('div', { class: 'dialog-body' }, ...(Array.isArray(body) ? body : [body])),
			h('div', { class: 'dialog-buttons' }, ...btns),
		);
		dlg.addEventListener('close', () => {
			dlg.remove();
			resolve(dlg.returnValue);
		});
		document.body.append(dlg);
		dlg.showModal();
		const primary = btns.find((b) => b.classList.contains('primary'));
		if (primary) primary.focus();
	});
}

/**
 * Asks a yes/no question.
 * @param {string} title
 * @param {Child | Child[]} body
 * @param {string} yes the label of the button that goes ahead
 * @param {boolean} [danger] the action cannot be undone (red button)
 */
export async function confirmDialog(title, body, yes, danger = false) {
	const v = await modal('confirm', title, body, [
		{ label: t('Cancel'), value: 'no', testid: 'confirm-no' },
		{ label: yes, value: 'yes', testid: 'confirm-yes', primary: true, danger },
	]);
	return v === 'yes';
}

/**
 * Asks for a whole number (vacation days); null when cancelled.
 * @param {string} title
 * @param {string} label
 * @param {string} name the input's name (a test hook)
 * @param {number} min
 * @param {number} max
 * @param {string} ok the label of the button that goes ahead
 */
export async function numberDialog(title, label, name, min, max, ok) {
	const input = h('input', { type: 'number', name, min, max, value: min, required: true });
	const v = await modal('prompt', title, h('label', { class: 'form' }, label, ' ', input), [
		{ label: t('Cancel'), value: 'no', testid: 'confirm-no' },
		{ label: ok, value: 'yes', testid: 'confirm-yes', primary: true },
	]);
	const n = Math.floor(Number(input.value));
	return v === 'yes' && n >= min && n <= max ? n : null;
}

/**
 * Shows a message with one button.
 * @param {string} testid
 * @param {string} title
 * @param {Child | Child[]} body
 */
export async function messageDialog(testid, title, body) {
	await modal(testid, title, body, [{ label: t('OK'), value: 'ok', testid: 'dialog-close', primary: true }]);
}

/** @type {HTMLElement | null} */
let toastBox = null;

/**
 * A notice at the bottom of the screen for a few seconds.
 * @param {string} text
 * @param {'error'|'info'} [kind]
 */
export function toast(text, kind = 'error') {
	if (!toastBox) {
		toastBox = h('div', { class: 'toasts', 'aria-live': 'polite' });
		document.body.append(toastBox);
	}
	const t = h(
		'div',
		{ class: 'toast ' + kind, 'data-testid': 'toast', role: kind === 'error' ? 'alert' : 'status' },
		text,
	);
	toastBox.append(t);
	setTimeout(() => t.remove(), kind === 'error' ? 6000 : 3000);
}
