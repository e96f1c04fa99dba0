// decode.mjs: decoding a record file's bytes to text for the oracles
// (records.mjs with tsshogi, records_jkf.mjs with json-kifu-format), by
// gyoku's detection: a UTF-8 BOM, then an encoding declared on a
// "#KIF version=... encoding=X" or "'CSA encoding=X" line (first lines), then
// valid UTF-8, then EUC-JP when every high byte may be EUC-JP and the text
// decodes as such, else Shift_JIS.

function validUtf8(buf) {
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(buf);
		return true;
	} catch {
		return false;
	}
}

function declaredEncoding(buf) {
	// Only ASCII matters on the declaration lines; latin1 keeps byte offsets.
	const head = buf
		.subarray(0, 4096)
		.toString('latin1')
		.split(/\r?\n|\r/)
		.slice(0, 20);
	for (const line of head) {
		let m =
			/^#KIF\b.*\bencoding=([A-Za-z0-9_-]+)/i.exec(line) ||
			/^'CSA encoding=([A-Za-z0-9_-]+)/i.exec(line);
		if (!m) continue;
		const e = m[1].toLowerCase().replace(/_/g, '-');
		if (e === 'utf-8' || e === 'utf8') return 'utf-8';
		if (e === 'shift-jis' || e === 'sjis' || e === 'cp932' || e === 'windows-31j') return 'shift_jis';
		if (e === 'euc-jp' || e === 'eucjp') return 'euc-jp';
		return m[1];
	}
	return null;
}

function looksEucJp(buf) {
	let high = false;
	for (const c of buf) {
		if (c >= 0x80) {
			high = true;
			if (c < 0xa1 && c !== 0x8e && c !== 0x8f) return false;
		}
	}
	if (!high) return false;
	try {
		new TextDecoder('euc-jp', { fatal: true }).decode(buf);
		return true;
	} catch {
		return false;
	}
}

function detect(buf) {
	if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
	const d = declaredEncoding(buf);
	if (d) return d;
	if (validUtf8(buf)) return 'utf-8';
	if (looksEucJp(buf)) return 'euc-jp';
	return 'shift_jis';
}

export function decode(buf) {
	const enc = detect(buf);
	let text = new TextDecoder(enc, { fatal: true, ignoreBOM: false }).decode(buf);
	if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
	return text;
}
