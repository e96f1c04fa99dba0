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
	// keyboard, screen readers, typed moves, premoves (announce.js, keyboard.js, hand.js, promotion.js, typedmove.js)
	'Shogi board: arrow keys move, Enter selects and moves, Escape cancels':
		'将棋盤：矢印キーでマス移動、Enter で選択・着手、Esc で取り消し',
	"Black's pieces in hand": '先手の持ち駒',
	"White's pieces in hand": '後手の持ち駒',
	"{side}'s {piece} in hand, {n}": '{side}の持ち駒 {piece} {n}枚',
	'{square}, {side} {piece}': '{square} {side}の{piece}',
	'{square}, empty': '{square} 空き',
	', selected': '、選択中',
	', can move here': '、移動可',
	', premove': '、予約手',
	Black: '先手',
	White: '後手',
	pawn: '歩',
	lance: '香',
	knight: '桂',
	silver: '銀',
	gold: '金',
	bishop: '角',
	rook: '飛',
	king: '玉',
	tokin: 'と',
	'promoted lance': '成香',
	'promoted knight': '成桂',
	'promoted silver': '成銀',
	horse: '馬',
	dragon: '龍',
	nothing: 'なし',
	'{side} to move.': '{side}の手番。',
	'Check.': '王手。',
	'{side}: {board}; in hand: {hand}.': '{side}：{board}。持ち駒：{hand}。',
	'{side}: {move}': '{side}：{move}',
	'Describe position': '局面を読み上げる',
	promote: '成る',
	'do not promote': '成らない',
	'Type a move': '指し手を入力',
	'e.g. P-7f, 7g7f, ▲7六歩': '例：▲７六歩、76歩、7g7f',
	'Play the move': '指す',
};

/** The server's error messages (docs/server.md: {"error": message}). @type {Record<string, string>} */
export const ERRORS = {
	'cannot reach the server': 'サーバーに接続できません',
	// typed moves (POST /api/games/{id}/moves {"text"})
	'the text is not a move in any notation gyoku reads (like 7g7f, ▲7六歩, P-7f)':
		'指し手として読めません（例：▲７六歩、7g7f、P-7f）',
	'no legal move fits the move text': 'その指し手は指せません',
	'the move text fits several legal moves: say which piece moves (its origin, or 右 左 上 引 寄 直)':
		'指せる駒が複数あります。右・左・上・引・寄・直（または移動元）でどの駒か指定してください',
	'the move may promote or not: add 成 or 不成 (+ or =)': '成るか成らないかを「成」「不成」で指定してください',
	'同 (same square) but there is no previous move': '直前の指し手がないため「同」は使えません',
	'the side mark is not the side to move': '▲△の記号が手番と合っていません',
	'it is not your turn': 'あなたの手番ではありません',
};

export default JA;
