/*
 * recordfile.js: reading a record file chosen for import, pure (no DOM):
 * its text (UTF-8, or Shift_JIS as old KIF files are) and the format its
 * name implies.
 */

/**
 * The text of a record file: UTF-8 when it is valid UTF-8, else Shift_JIS
 * (the usual encoding of .kif and .ki2 files).
 * @param {ArrayBuffer} buf
 */
export function decodeRecord(buf) {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
	} catch {
		return new TextDecoder('shift_jis').decode(buf);
	}
}

/**
 * The format implied by a file name, or "" to let the server guess.
 * @param {string} name
 */
export function formatOfFile(name) {
	const ext = (/\.([a-z0-9]+)$/i.exec(name) || ['', ''])[1].toLowerCase();
	return (
		{
			kif: 'kif',
			kifu: 'kif',
			ki2: 'ki2',
			ki2u: 'ki2',
			csa: 'csa',
			jkf: 'jkf',
			json: 'jkf',
			sfen: 'sfen',
			usi: 'usi',
		}[ext] || ''
	);
}
