/*
 * lang/ja.js: the Japanese of the interface (i18n.js).  Keys are the
 * English texts of src/ exactly as passed to t() (placeholders {name}
 * kept); ERRORS maps the server's English error messages.
 * Sections follow the modules; web/test/i18n.test.js checks completeness.
 */

/** @type {Record<string, string>} */
const JA = {
	// main.js: the top bar
	Play: '対局',
	Watch: '観戦',
	Import: '棋譜読込',
	'Log out': 'ログアウト',
	'Log in': 'ログイン',
	'Sign up': '新規登録',
	Language: '言語',
	'{n} games waiting for your move': 'あなたの手番の対局 {n} 局',
};

/** The server's error messages (docs/server.md: {"error": message}). @type {Record<string, string>} */
export const ERRORS = {
	'cannot reach the server': 'サーバーに接続できません',
};

export default JA;
