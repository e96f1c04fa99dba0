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
	// board editor (pages/editor.js, editorpos.js, the lobby's link)
	'Board editor': '局面編集',
	Remove: '駒を消す',
	Promote: '成・不成',
	'☗ Sente (Black)': '☗ 先手',
	'☖ Gote (White)': '☖ 後手',
	'Sente (Black)': '先手',
	'Gote (White)': '後手',
	'☗ in hand': '☗ 持ち駒',
	'☖ in hand': '☖ 持ち駒',
	'One more in hand': '持ち駒を一枚増やす',
	'One fewer in hand': '持ち駒を一枚減らす',
	'Link to this position': 'この局面へのリンク',
	'The set has no more of this piece.': 'この駒はもう駒箱にありません。',
	'Choose a piece, then click squares to place it. Click a piece to promote it, give it to the other side or remove it; right click removes; drag to move.':
		'駒を選んでマスをクリックすると置けます。盤上の駒をクリックすると成る・相手の駒にする・消すの順に変わります。右クリックで消去、ドラッグで移動します。',
	'Side to move': '手番',
	'Starting position': '平手初期配置',
	'Empty board': '玉のみ配置',
	'Flip board': '盤面反転',
	'Clear hands': '持ち駒をなくす',
	'Play from this position': 'この局面から対局',
	'to play from this position.': 'するとこの局面から対局できます。',
	"The computer's level": 'コンピュータのレベル',
	'Computer level {n}': 'レベル {n}',
	'their user name': '相手のユーザー名',
	'Friend to challenge': '対局を申し込む相手',
	'No time limit': '持ち時間なし',
	'Either side (furigoma)': '振り駒',
	'Play against': '対戦相手',
	'The computer': 'コンピュータ',
	'A friend': '友達',
	'Anyone (an open seek)': '誰でも（対局募集）',
	Clock: '持ち時間',
	'You play': 'あなたの先後',
	'A game from a position is not rated.': '局面からの対局はレーティング対象外です。',
	'Name the friend to challenge.': '対局を申し込む相手の名前を入れてください。',
	'SFEN of the start (optional)': '開始局面の SFEN（省略可）',
	'Start position': '開始局面',
	'From a position': '局面を指定',
	'{side} has no king.': '{side}の玉がありません。',
	'{side} has two kings.': '{side}の玉が二枚あります。',
	'More {pieces} than the set has: {n} of {max}.': '{pieces}が駒の数より多すぎます（{max} 枚中 {n} 枚）。',
	'Nifu: {side} has two pawns on file {file}.': '二歩：{side}の歩が {file} 筋に二枚あります。',
	'The piece on {square} can never move.': '{square} の駒は行き所のない駒です。',
	'{side} is in check but not to move.': '手番でない{side}に王手がかかっています。',
	kings: '玉',
	rooks: '飛車',
	bishops: '角',
	golds: '金',
	silvers: '銀',
	knights: '桂',
	lances: '香',
	pawns: '歩',
	'SFEN: want board, side and hands': 'SFEN：盤面・手番・持ち駒が必要です',
	'SFEN: want 9 ranks': 'SFEN：段は 9 つ必要です',
	'SFEN: a rank without 9 squares': 'SFEN：9 マスでない段があります',
	'SFEN: side must be b or w': 'SFEN：手番は b か w です',
	'SFEN: bad hand': 'SFEN：持ち駒の書き方が正しくありません',
};

/** The server's error messages (docs/server.md: {"error": message}). @type {Record<string, string>} */
export const ERRORS = {
	'cannot reach the server': 'サーバーに接続できません',
	// board editor: games from a position
	'the position cannot be played: a side has no king': 'この局面では対局できません：玉のない側があります',
	'the position cannot be played: two kings on one side': 'この局面では対局できません：一方に玉が二枚あります',
	'the position cannot be played: two unpromoted pawns of one side on a file (nifu)':
		'この局面では対局できません：二歩があります',
	'the position cannot be played: a pawn, lance or knight where it can never move':
		'この局面では対局できません：行き所のない歩・香・桂があります',
	'the position cannot be played: more pieces of a kind than the set has':
		'この局面では対局できません：駒の数が多すぎます',
	'the position cannot be played: the side not to move is in check':
		'この局面では対局できません：手番でない側に王手がかかっています',
	'the position cannot be played: the side to move has no legal move':
		'この局面では対局できません：手番の側に指せる手がありません',
	'a game from a position cannot be rated': '局面からの対局はレーティング対象にできません',
};

export default JA;
