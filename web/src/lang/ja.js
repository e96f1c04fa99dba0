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
	'gyoku · shogi': 'gyoku · 将棋',

	// The whole interface: the words of the pages and their parts
	// gametext.js: players, sides, time controls, status and result lines
	other: 'その他',
	'Computer level {n}': 'コンピューター レベル{n}',
	'☗ Sente': '☗ 先手',
	'☗ Shitate': '☗ 下手',
	'☖ Gote': '☖ 後手',
	'☖ Uwate': '☖ 上手',
	'No clock': '持ち時間なし',
	'Correspondence {time}': '通信対局 {time}',
	'{n} s': '{n}秒',
	'{n} min': '{n}分',
	'{n} days per move': '1手{n}日',
	'{n} vacation days': '休暇{n}日',
	'automatic vacation': '自動休暇',
	', ': '、',
	'byoyomi {time} ×{n}': '秒読み{time} ×{n}回',
	'byoyomi {time}': '秒読み{time}',
	'Fischer +{time}': 'フィッシャー +{time}',
	'Byoyomi 10 s': '秒読み10秒',
	'Byoyomi 30 s': '秒読み30秒',
	'3 min + 2 s/move': '3分 + 1手ごとに2秒加算',
	'5 min + 10 s/move': '5分 + 1手ごとに10秒加算',
	'10 min + 30 s byoyomi': '10分 + 秒読み30秒',
	'15 min + 60 s byoyomi': '15分 + 秒読み60秒',
	'30 min + 60 s byoyomi': '30分 + 秒読み60秒',
	'Correspondence: 1 day per move, 7 vacation days': '通信対局：1手1日、休暇7日',
	'Correspondence: 3 days per move, 7 vacation days': '通信対局：1手3日、休暇7日',
	'Correspondence: 7 days per move, 14 vacation days': '通信対局：1手7日、休暇14日',
	'☗ Black': '☗ 先手',
	'☖ White': '☖ 後手',
	'by checkmate': '詰み',
	'by resignation': '投了',
	'on time': '切れ負け',
	'by repetition (sennichite)': '千日手',
	'by perpetual check': '連続王手の千日手',
	'by impasse declaration': '入玉宣言',
	'by the try rule': 'トライルール',
	'as no legal move is left': '指し手なし',
	'at the move limit': '手数制限',
	'by a foul (a failed declaration or an illegal move)': '反則（宣言失敗または反則手）',
	'(interrupted)': '中断',
	'Game aborted': '対局中止',
	'Game canceled': '対局取り消し',
	'Draw {how}': '引き分け（{how}）',
	Draw: '引き分け',
	'{color} wins {how}': '{color}の勝ち（{how}）',
	'{color} wins': '{color}の勝ち',
	'Imported record': '読み込んだ棋譜',
	'Game over {how}': '終局（{how}）',
	'Game over': '終局',
	'You won': 'あなたの勝ち',
	'You lost': 'あなたの負け',
	'{name} challenges you': '{name}さんから対局申込があります',
	'Waiting for {name} to accept': '{name}さんの承諾待ち',
	'Waiting for an opponent': '対戦相手を待っています',
	'Open seek by {name}': '{name}さんの対局募集',
	'Your turn': 'あなたの手番',
	'{color} to move': '{color}の手番',

	// clock.js
	// The clock's big number: a word joiner (U+2060) keeps 時間 and a number with its unit on one
	// line, so that a narrow clock breaks at the space only.
	'{d}d {h}h': '{d}\u2060日 {h}\u2060時\u2060間',
	'{h}h {m}m': '{h}\u2060時\u2060間 {m}\u2060分',
	'vacation: {n} days left': '休暇 残り{n}日',
	'{allowance} (automatic)': '{allowance}（自動）',
	'no vacation': '休暇なし',
	'on vacation, {time} left': '休暇中 残り{time}',
	'to move ({n}d per move)': '着手まで（1手{n}日）',
	'byoyomi ×{n}': '秒読み ×{n}',
	byoyomi: '秒読み',
	'+{time}/move': '+{time}/手',

	// dialog.js
	Cancel: 'キャンセル',
	OK: 'OK',

	// gameactions.js: the actions, confirmations and the export links
	'Cancel the game': '対局を取り消す',
	Accept: '受ける',
	Decline: '断る',
	Abort: '対局中止',
	Resign: '投了',
	'Declare impasse': '入玉宣言',
	Vacation: '休暇',
	'Takeback?': '待ったの申込があります',
	'Accept the takeback': '待ったを受ける',
	'Takeback asked…': '待ったを申込中…',
	Takeback: '待った',
	'+15 s for the opponent': '相手に15秒追加',
	'Resign?': '投了しますか？',
	'You will lose this game.': 'この対局は負けになります。',
	'Under the {rule}-point rule:': '{rule}点法では：',
	Points: '点数',
	'{points} ({needed} needed)': '{points}点（必要 {needed}点）',
	'Pieces in the zone': '敵陣の駒数',
	' (10 needed)': '（必要 10枚）',
	'King in the zone': '玉が敵陣にいる',
	yes: 'はい',
	no: 'いいえ',
	'The declaration would succeed: you win.': '宣言は成立します：あなたの勝ちです。',
	'The declaration would fail, and a failed declaration loses the game.':
		'宣言は成立しません。不成立の宣言は負けになります。',
	'The server will count the points. A failed declaration loses the game.':
		'点数はサーバーが数えます。不成立の宣言は負けになります。',
	'Declare an impasse (jishogi)?': '入玉宣言（持将棋）をしますか？',
	Declare: '宣言する',
	'Take a vacation': '休暇を取る',
	'Days ({n} left):': '日数（残り{n}日）：',
	'Start the vacation': '休暇に入る',
	Export: '棋譜出力',

	// aftergame.js
	Rematch: '再戦',
	'{name} offers a rematch': '{name}さんから再戦の申込があります',
	'Accept the rematch': '再戦を受ける',
	'Rematch offered: waiting…': '再戦を申込中：返事待ち…',
	'Go to the rematch': '再戦の対局へ',
	'New game': '新しい対局',
	'Record (KIF)': '棋譜（KIF）',
	Replay: '再生',

	// board.js, hand.js, pieces.js, promotion.js

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
	promote: '成る',
	'do not promote': '成らない',

	// gamelist.js
	'challenge to {name}': '{name}さんへの対局申込',
	'open seek': '対局募集中',
	'your turn, move {n}': 'あなたの手番（{n}手目）',
	'{name} to move, move {n}': '{name}の手番（{n}手目）',
	'No games.': '対局はありません。',
	' · random colour': ' · 先後ランダム',
	' · plays {color}': ' · {color}を持つ',
	' vs ': ' 対 ',
	rated: 'レーティング対局',
	casual: '非レーティング',
	'{n} watching': '観戦 {n}人',
	' · ': ' · ',

	// movelist.js, recordinfo.js, prefs.js
	Start: '開始局面',
	'Side lines': '変化',
	'{n} moves (kept in the exports)': '{n}手（棋譜出力に含まれます）',
	'日本式 Japanese': '日本式',
	Hodges: 'ホッジス式',
	Hosking: 'ホスキング式',
	'Kitao-Kawasaki': '北尾・川崎式',

	// profile.js
	Won: '勝ち',
	Lost: '負け',
	Drawn: '引き分け',
	'All games': '全対局',
	Rated: 'レーティング対局',
	'rating after each of {n} rated games, {lo} to {hi}': 'レーティング対局{n}局ごとのレーティング（{lo}〜{hi}）',
	'No rated games yet.': 'レーティング対局はまだありません。',

	// turns.js
	'gyoku: your move': 'gyoku：あなたの手番です',
	'{name} moved (move {n}); it is your turn.': '{name}が指しました（{n}手目）。あなたの手番です。',

	// pages/auth.js
	'3-20 letters, digits, _ or -': '英数字・_・- で3〜20文字',
	'Create an account': 'アカウントを作成',
	Name: 'ユーザー名',
	Password: 'パスワード',
	'Names: 3-20 letters, digits, _ or -. Passwords: at least 8 characters.':
		'ユーザー名は英数字・_・- で3〜20文字、パスワードは8文字以上です。',
	'Have an account? ': 'アカウントをお持ちの方は ',
	'New here? ': '初めての方は ',

	// pages/game.js
	'Loading…': '読み込み中…',
	'Back to the game': '対局に戻る',
	'piece style': '駒の表示',
	'駒 Kanji': '漢字の駒',
	Letters: '国際式の駒',
	notation: '棋譜の表記',
	'Flip the board': '盤を反転',
	'⇅ Flip': '⇅ 反転',
	'First position': '最初の局面',
	'Previous move': '1手戻る',
	'Next move': '1手進む',
	'Last position': '最後の局面',
	'Sound on': '音あり',
	'Sound off': '音なし',
	'Mute the sounds': '音を消す',
	'Play the sounds': '音を出す',
	'No such game': 'その対局はありません',
	'Cannot load the game: {error}': '対局を読み込めません：{error}',
	'Cannot refresh the game: {error}': '対局を更新できません：{error}',
	'waiting for an opponent': '対戦相手待ち',
	wins: '勝ち',
	'{black} vs {white} · gyoku': '{black} 対 {white} · gyoku',
	Casual: '非レーティング',
	spectators: '観戦者',

	// pages/import.js
	'Import a record': '棋譜の読み込み',
	'Importing a record needs an account: the records are kept on the server.':
		'棋譜の読み込みにはアカウントが必要です：棋譜はサーバーに保存されます。',
	Guess: '自動判別',
	'Import and replay': '読み込んで再生',
	'Paste a game record or choose a file: KIF, KI2, CSA, JKF, SFEN or USI.':
		'棋譜を貼り付けるか、ファイルを選んでください：KIF、KI2、CSA、JKF、SFEN、USI。',
	File: 'ファイル',
	Record: '棋譜',
	Format: '形式',
	'Paste a record or choose a file.': '棋譜を貼り付けるか、ファイルを選んでください。',

	// pages/lobby.js
	' (this browser has no notifications)': '（このブラウザーは通知に対応していません）',
	' (blocked in the browser’s settings)': '（ブラウザーの設定で拒否されています）',
	'Notify me when it is my turn in a correspondence game': '通信対局で自分の手番になったら通知する',
	'computer level': 'コンピューターのレベル',
	'Level {n}': 'レベル{n}',
	'user name': 'ユーザー名',
	'user to challenge': '対局を申し込む相手',
	'Custom…': 'カスタム…',
	'e.g. 10m+30s*3, 5m+10i, 3d/v14': '例：10m+30s*3、5m+10i、3d/v14',
	'custom time control': 'カスタムの持ち時間',
	Correspondence: '通信対局',
	'Days per move': '1手の日数',
	'Vacation days': '休暇の日数',
	'Automatic vacation (spend vacation days instead of losing on time)':
		'自動休暇（時間切れで負けにならず休暇日数を使う）',
	'Vacation days stop your clock; take them on the game page. Days you do not use come back when you move.':
		'休暇中は持ち時間が減りません。休暇は対局画面で取れます。使わなかった日数は指したときに戻ります。',
	Random: 'ランダム',
	'☗ Black (Sente)': '☗ 先手',
	'☖ White (Gote)': '☖ 後手',
	'Create the game': '対局を作成',
	Opponent: '対戦相手',
	Computer: 'コンピューター',
	'Open seek (anyone)': '対局募集（誰でも）',
	Challenge: '対局申込',
	'Time control': '持ち時間',
	Handicap: '手合割',
	'Your side': '先後',
	'In a handicap game the giver (上手) is White and moves first.': '駒落ちでは上手が後手で、先に指します。',
	'Correspondence is for games between people.': '通信対局は人同士の対局だけです。',
	'Whom do you challenge?': '誰に対局を申し込みますか？',
	'No open seeks. Create one!': '対局の募集はありません。作成しましょう！',
	'No games in play.': '対局中の対局はありません。',
	'No finished games yet.': '終局した対局はまだありません。',
	'Play shogi': '将棋を指す',
	'Play against the computer at ten levels of strength, seek an opponent, or challenge a friend, live or by correspondence.':
		'10段階の強さのコンピューターと対局したり、対戦相手を募集したり、友達に対局を申し込んだりできます。リアルタイムでも通信対局でも。',
	'With an account you can also import a record (KIF, KI2, CSA, JKF) to replay it.':
		'アカウントがあれば棋譜（KIF、KI2、CSA、JKF）を読み込んで再生することもできます。',
	'Open seeks and challenges': '対局の募集と申込',
	'My games in play': '対局中の対局',
	'Recently finished': '最近終局した対局',
	'All my games': '自分の全対局',

	// pages/user.js
	Change: '変更',
	'Change the password': 'パスワードの変更',
	'Current password': '現在のパスワード',
	'New password': '新しいパスワード',
	'New password again': '新しいパスワード（確認）',
	'The new passwords differ.': '新しいパスワードが一致しません。',
	'Password changed. Your other sessions are signed out.':
		'パスワードを変更しました。他のセッションはログアウトされました。',
	'Older games': 'さらに古い対局',
	'rated or not': 'レーティング対局かどうか',
	'Rated or casual': 'すべての対局',
	'time control': '持ち時間',
	'Any time control': 'すべての持ち時間',
	Live: 'リアルタイム',
	Untimed: '持ち時間なし',
	result: '結果',
	'Any result': 'すべての結果',
	opponent: '対戦相手',
	Playing: '対局中',
	'Finished games': '終局した対局',
	'No finished games.': '終局した対局はありません。',
	'Rating {n}': 'レーティング {n}',
	' · {n} games': ' · {n}局',
	'No such user.': 'そのユーザーはいません。',

	// pages/watch.js
	'No games are being played now.': '現在対局中の対局はありません。',
	'Watch · gyoku': '観戦 · gyoku',
	'Games being played': '対局中の対局',

	// chat.js: the chat of the game page
	Chat: 'チャット',
	Send: '送信',
	Show: '表示',
	Hide: '隠す',
	Players: '対局者',
	Spectators: '観戦者',
	'Message your opponent': '対局相手へのメッセージ',
	'Message the spectators': '観戦者へのメッセージ',
	'Spectators’ chat: on': '観戦者チャット：オン',
	'Spectators’ chat: off': '観戦者チャット：オフ',
	'Turn the spectators’ chat off for this game': 'この対局の観戦者チャットをオフにする',
	'Turn the spectators’ chat on again': '観戦者チャットをオンに戻す',
	'Sign in to chat': 'チャットするにはログインしてください',
	'The spectators’ chat is off': '観戦者チャットはオフです',
	'The players have turned the spectators’ chat off': '対局者が観戦者チャットをオフにしました',
	'Only you and your opponent read this room': 'この部屋はあなたと対局相手だけが読めます',
	'No messages yet': 'まだメッセージはありません',
	'Too many messages: try again in {n} s': '送信が多すぎます。{n} 秒後にもう一度どうぞ',

	nothing: 'なし',
	'{side} to move.': '{side}の手番。',
	'Check.': '王手。',
	'{side}: {board}; in hand: {hand}.': '{side}：{board}。持ち駒：{hand}。',
	'{side}: {move}': '{side}：{move}',
	'Describe position': '局面を読み上げる',
	'Type a move': '指し手を入力',
	'e.g. P-7f, 7g7f, ▲7六歩': '例：▲７六歩、76歩、7g7f',
	'Play the move': '指す',
};

/**
 * The server's error messages (docs/server.md: {"error": message}).  A key is the message as
 * the C source writes it, printf conversions (%s, %d, %zu) kept; its Japanese places the values
 * by position, {1} the first, {2} the second (i18n.js errorText, which translates a value that
 * is itself a message or a word of this table).  web/test/i18n-errors.test.js checks that every
 * format of server/*.c and every text of libgyoku's error table has its Japanese.
 * @type {Record<string, string>}
 */
export const ERRORS = {
	'cannot reach the server': 'サーバーに接続できません',

	// The whole server, and the words its messages put in them (a side, a status, what was not found)
	black: '先手',
	white: '後手',
	waiting: '対局待ち',
	playing: '対局中',
	ended: '終局済み',
	canceled: '取り消し済み',
	game: '対局',
	user: 'ユーザー',
	'from your address': 'このアドレスから',
	'for this name from your address': 'このアドレスからこのユーザー名で',
	// server/api_auth.c
	'name and password must be strings': 'name と password は文字列で指定してください',
	'no randomness for a session token': 'セッショントークン用の乱数が得られません',
	'the database failed: try again': 'データベースでエラーが起きました。もう一度お試しください',
	'a name has %d to %d letters, digits, _ or -': 'ユーザー名は英数字・_・- で{1}〜{2}文字です',
	'a password has %d to %d bytes': 'パスワードは{1}〜{2}バイトです',
	'the password could not be hashed': 'パスワードを処理できませんでした',
	'the name %s is taken': '{1} という名前はすでに使われています',
	'too many failed logins %s: try again in %s s':
		'{1}のログイン失敗が多すぎます：{2}秒後にもう一度お試しください',
	'wrong name or password': 'ユーザー名またはパスワードが違います',
	'sign in first': '先にログインしてください',
	'current and new must be strings': 'current と new は文字列で指定してください',
	'the current password is wrong': '現在のパスワードが違います',
	'no user named %s': '{1} という名前のユーザーはいません',
	'out of memory': 'メモリーが足りません',
	// server/api_games.c
	'%s must be a string': '{1} は文字列で指定してください',
	'%s must be an integer from %d to %d': '{1} は{2}から{3}までの整数で指定してください',
	'rated must be true or false': 'rated は true か false で指定してください',
	'kind must be live, correspondence or untimed': 'kind は live、correspondence、untimed のいずれかです',
	'result must be won, lost or drawn': 'result は won、lost、drawn のいずれかです',
	'opponent must be the name of a user': 'opponent にはユーザー名を指定してください',
	'status must be waiting, playing, ended or canceled':
		'status は waiting、playing、ended、canceled のいずれかです',
	'limit must be 1 to 200': 'limit は1〜200です',
	'before must be the id of a game (letters and digits)': 'before には対局のID（英数字）を指定してください',
	'no game %s to page from': '対局 {1} がありません',
	"rated, kind, result and opponent narrow a user's games (?user=NAME)":
		'rated、kind、result、opponent はユーザーの対局（?user=NAME）の絞り込みに使います',
	'say whose games (?user=NAME), or ask for the lobby (?status=waiting) or the games being played (?status=playing)':
		'誰の対局か（?user=NAME）、対局待ち（?status=waiting）か対局中（?status=playing）かを指定してください',
	'move must be a USI move such as 7g7f, 8h2b+ or P*5e':
		'move には 7g7f、8h2b+、P*5e のようなUSI形式の指し手を指定してください',
	'answer must be ask, accept or decline': 'answer は ask、accept、decline のいずれかです',
	'days must be given': '日数を指定してください',
	'format must be kif, kifu, ki2, ki2u, csa, jkf, sfen or usi':
		'形式は kif、kifu、ki2、ki2u、csa、jkf、sfen、usi のいずれかです',
	'the record could not be written': '棋譜を書き出せませんでした',
	"record must be the record's text": 'record には棋譜の文字列を指定してください',
	// server/games.c
	'no such %s': 'その{1}はありません',
	'the game changed meanwhile: reload it and try again':
		'その間に対局が変わりました。読み込み直してもう一度お試しください',
	'a field is too long': '長すぎる項目があります',
	'the %s is damaged in the store': '保存されている{1}が壊れています',
	'game %s is damaged in the store': '保存されている対局 {1} が壊れています',
	'the game is %s': 'この対局は{1}です',
	'you do not play in this game': 'あなたはこの対局の対局者ではありません',
	"it is not the computer's turn": 'コンピューターの手番ではありません',
	'it is not your turn': 'あなたの手番ではありません',
	'%s made no first move in time: the game is aborted':
		'{1}が時間内に初手を指さなかったため、対局は中止になりました',
	"%s's time ran out: the game is lost on time": '{1}の時間切れ：切れ負けです',
	'the game is over': 'この対局は終わっています',
	'the clock could not start': '対局時計を開始できませんでした',
	'say the opponent: "computer", "open" or a user\'s name':
		'対戦相手を指定してください："computer"、"open"、またはユーザー名',
	'you cannot challenge yourself': '自分自身には対局を申し込めません',
	'level must be %d to %d': 'レベルは{1}〜{2}です',
	'no handicap named %s': '{1} という手合割はありません',
	'color must be black, white or random': '手番は black、white、random のいずれかです',
	'impasse must be 27, 24, try or none': '入玉ルールは 27、24、try、none のいずれかです',
	'time "%s", column %d: %s': '持ち時間「{1}」の{2}文字目：{3}',
	'time "%s" is not a valid control': '持ち時間「{1}」は正しくありません',
	'correspondence games are for people; play the computer with a live clock or none':
		'通信対局は人同士の対局だけです。コンピューターとは持ち時間ありかなしで対局してください',
	'only even games between two people can be rated': 'レーティング対局は人同士の平手戦だけです',
	'you already have %d open seeks and challenges: cancel one or wait for an answer':
		'すでに{1}件の対局募集・申込があります。どれかを取り消すか、返事を待ってください',
	"the handicap's position does not parse": '手合割の局面を読み取れません',
	'a rematch of this game was already offered': 'この対局の再戦はすでに申し込まれています',
	'only a player of the game may offer a rematch': '再戦を申し込めるのは対局者だけです',
	'the game is not over': 'この対局はまだ終わっていません',
	'the game is %s, not waiting': 'この対局は{1}で、相手を待っていません',
	'you created this game: wait for an opponent': 'あなたが作成した対局です。対戦相手を待ってください',
	'this challenge is for someone else': 'この対局申込は他の人宛てです',
	'the seek expired: its creator has left': '対局募集は期限切れです：作成者がいなくなりました',
	'this challenge is not for you': 'この対局申込はあなた宛てではありません',
	'only the creator can cancel': '取り消せるのは作成者だけです',
	'the move was meant for ply %d, but %d moves have been played':
		'{1}手目の指し手ですが、すでに{2}手指されています',
	'"%s" is not a USI move (like 7g7f, 8h2b+, P*5e)':
		'「{1}」はUSI形式の指し手（7g7f、8h2b+、P*5e など）ではありません',
	'%s: %s': '{1}：{2}',
	'you have moved: a game is aborted only before your first move (resign instead)':
		'すでに指しています：対局中止は自分の初手の前だけです（投了してください）',
	"this game uses the try rule: a king that reaches the enemy king's square wins":
		'この対局はトライルールです：玉が相手玉の初期位置に到達すると勝ちです',
	'this game has no impasse declaration': 'この対局には入玉宣言がありません',
	'vacations are for correspondence games': '休暇は通信対局だけです',
	'a rated game has no takebacks': 'レーティング対局では待ったはできません',
	'a takeback was already asked for': '待ったはすでに申し込まれています',
	'you have no move to take back': '戻せる指し手がありません',
	'your opponent has not asked for a takeback': '相手は待ったを申し込んでいません',
	'more time is for live games': '時間の追加はリアルタイムの対局だけです',
	'unknown format %s (kif, kifu, ki2, ki2u, csa, jkf, sfen, usi)':
		'{1} という形式はありません（kif、kifu、ki2、ki2u、csa、jkf、sfen、usi）',
	'the record must be text under %d bytes': '棋譜は{1}バイト未満の文字列にしてください',
	'line %d, column %d: ': '{1}行目{2}列目：',
	// The import's message whose place comes first (the prefix above, then a message).
	'line %d, column %d: %s': '{1}行目{2}列目：{3}',
	'%smove %d: %s': '{1}{2}手目：{3}',
	'the record cannot be played: %s': '棋譜を再生できません：{1}',
	'the record has %d moves; at most %d are kept': '棋譜は{1}手あります。保存できるのは{2}手までです',
	// server/http.c, server/sse.c
	'the request needs a JSON object as its body': 'リクエストの本文にはJSONオブジェクトが必要です',
	'malformed JSON at line %d, column %d: %s': 'JSONの{1}行目{2}列目が正しくありません：{3}',
	'the request body must be a JSON object': 'リクエストの本文はJSONオブジェクトにしてください',
	'cross-origin request refused': '別のオリジンからのリクエストは受け付けません',
	'cross-site request refused': '別のサイトからのリクエストは受け付けません',
	'missing or wrong X-CSRF-Token header': 'X-CSRF-Token ヘッダーがないか、正しくありません',
	'only GET here': 'ここでは GET だけです',
	'no such file': 'そのファイルはありません',
	'the browser board is not built (make web): %s is missing':
		'ブラウザー用の画面がビルドされていません（make web）：{1} がありません',
	'method %s not allowed here': 'ここでは {1} メソッドは使えません',
	'no such API path: %s': 'そのAPIパスはありません：{1}',
	'the request body is larger than %zu bytes': 'リクエストの本文が{1}バイトを超えています',
	'the server is shutting down': 'サーバーは終了処理中です',
	'no such game or user': 'その対局またはユーザーはありません',
	'no such game': 'その対局はありません',

	// libgyoku's error texts (gy_strerror: include/gyoku/err.h)
	success: '成功',
	'invalid argument': '引数が正しくありません',
	'longer than the limit': '上限より長すぎます',
	'malformed SFEN': 'SFENが正しくありません',
	'unknown piece letter': '不明な駒の文字です',
	'this piece cannot be promoted': 'この駒は成れません',
	'a rank has fewer than 9 squares': '9マスに足りない段があります',
	'a rank has more than 9 squares': '9マスを超える段があります',
	'the board must have exactly 9 ranks': '盤はちょうど9段でなければなりません',
	"side to move must be 'b' or 'w'": '手番は b か w です',
	'malformed hand': '持ち駒が正しくありません',
	'bad hand count': '持ち駒の枚数が正しくありません',
	'bad move number': '手数が正しくありません',
	'unexpected text after the SFEN': 'SFENの後に余計な文字があります',
	'more pieces of a kind than the set has': '駒の数が一組の枚数を超えています',
	'two kings on one side': '一方に玉が2枚あります',
	'a side has no king': '玉のない側があります',
	'a pawn, lance or knight where it can never move': '行き所のない歩・香・桂があります',
	'two unpromoted pawns of one side on a file (nifu)': '二歩があります',
	'the side not to move is in check': '手番でない側に王手がかかっています',
	'malformed USI move': 'USI形式の指し手が正しくありません',
	'no piece of the side to move on the origin square': '移動元に手番側の駒がありません',
	'the piece to drop is not in hand': '打つ駒を持っていません',
	'a piece cannot be dropped on an occupied square': '駒のあるマスには打てません',
	'the destination holds a piece of the side to move': '移動先に自分の駒があります',
	'the piece cannot move to that square': 'その駒はそのマスに動けません',
	'this move cannot promote': 'この手では成れません',
	'the piece could never move again: promotion is forced': '行き所のない駒になるため、成らなければなりません',
	'a piece cannot be dropped where it could never move': '行き所のない場所には駒を打てません',
	'a pawn cannot be dropped on a file holding an unpromoted pawn (nifu)': '二歩になるため歩を打てません',
	'a pawn drop cannot give checkmate (uchifuzume)': '打ち歩詰めは禁じ手です',
	'the move leaves the king in check': '王手を放置する手です',
	'malformed CSA PI line (want PI then pairs like 82HI)':
		'CSAのPI行が正しくありません（PIの後に 82HI のような組）',
	'PI names no non-king piece standing there at the start': 'PIで指定した位置に開始時の玉以外の駒がありません',
	'malformed time control': '持ち時間の書き方が正しくありません',
	'a time-control value is out of range': '持ち時間の値が範囲外です',
	'a time-control part is given twice': '持ち時間の同じ部分が2回指定されています',
	'the time control gives no time': '持ち時間が0です',
	'the side to move has lost on time': '手番側が時間切れで負けています',
	'not enough vacation days left': '休暇の残り日数が足りません',
	'malformed move text': '指し手の表記が正しくありません',
	'the move text fits several legal moves': 'その表記に合う合法手が複数あります',
	'the move may promote or not: say which': '成・不成のどちらか指定してください',
	'no legal move fits the move text': 'その表記に合う合法手がありません',
	'same square (dou) but no previous move': '「同」ですが直前の指し手がありません',
	'the side mark is not the side to move': '手番の記号が手番側と違います',
	'the move number is neither the ply nor the pair number of its move': '手数が指し手の番号と合いません',
	"malformed CSA line (want V, N+, N-, $KEY:value, P..., +, -, a move, T, %, ' or /)":
		"CSAの行が正しくありません（V、N+、N-、$KEY:value、P...、+、-、指し手、T、%、' か /）",
	'bad CSA piece name (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)':
		'CSAの駒名が正しくありません（FU KY KE GI KI KA HI OU TO NY NK NG UM RY）',
	'bad CSA square (want two digits 1-9, or 00 for the hand)':
		'CSAのマスが正しくありません（1〜9の数字2桁、持ち駒は00）',
	"a CSA P1-P9 row needs 9 squares, each ' * ' or a piece like +FU":
		"CSAのP1〜P9の行には9マス（' * ' か +FU のような駒）が必要です",
	'CSA position: a square or row given twice, or after the moves':
		'CSAの局面：マスか行が2回指定されているか、指し手の後にあります',
	"the CSA position must end with a line '+' or '-' before the moves":
		"CSAの局面は指し手の前に '+' か '-' の行で終わらなければなりません",
	'the sign of the CSA move is not the side to move': 'CSAの指し手の符号が手番側と違います',
	"the CSA move's piece is neither the moving piece nor its promotion":
		'CSAの指し手の駒が動かす駒ともその成り駒とも違います',
	'unknown CSA special move (want %TORYO, %CHUDAN, ...)': '不明なCSAの特殊な指し手です（%TORYO、%CHUDAN など）',
	'malformed CSA time (want T and seconds: T12 or T12.345)':
		'CSAの消費時間が正しくありません（T と秒数：T12 や T12.345）',
	'unsupported CSA encoding or bytes invalid in it': '対応していないCSAの文字コードか、不正なバイトがあります',
	'a CSA move after the % line that ended the game': '終局の % 行の後にCSAの指し手があります',
	'no CSA game in the text': 'CSAの棋譜がありません',
	'malformed JSON (JKF)': 'JSON（JKF）が正しくありません',
	'JKF header must be an object of strings': 'JKFの header は文字列のオブジェクトにしてください',
	'JKF initial: want a preset, or OTHER with data {board 9x9, color, hands}':
		'JKFの initial：preset か、data {board 9x9, color, hands} 付きの OTHER にしてください',
	'JKF moves: want an array of objects, with comments as arrays of strings':
		'JKFの moves：オブジェクトの配列（comments は文字列の配列）にしてください',
	'JKF move: want to {x, y 1-9}, piece FU..RY, color 0|1, optional from, promote':
		'JKFの move：to {x, y 1-9}、piece FU..RY、color 0|1、省略可の from、promote にしてください',
	'JKF time: want now {m, s} and total {h, m, s} with non-negative numbers':
		'JKFの time：0以上の数の now {m, s} と total {h, m, s} にしてください',
	'unknown JKF special (want TORYO, CHUDAN, SENNICHITE, ...)':
		'不明なJKFの special です（TORYO、CHUDAN、SENNICHITE など）',
	'JKF forks: want an array of arrays of moves': 'JKFの forks：指し手の配列の配列にしてください',
	"the JKF move's piece is not the piece on its origin square": 'JKFの指し手の駒が移動元の駒と違います',
	"the JKF move's color is not the side to move": 'JKFの指し手の color が手番側と違います',
	'malformed KIF line (want key：value, a numbered move, *comment, &bookmark, 変化：N手 or まで)':
		'KIFの行が正しくありません（項目：値、番号付きの指し手、*コメント、&しおり、変化：N手、まで）',
	'bad KIF header (want a key before ：, and a known 手合割)':
		'KIFのヘッダーが正しくありません（：の前に項目名、既知の手合割）',
	'malformed KIF board (want 9 rows like |v香v桂 ...|一 and hands like 歩二)':
		'KIFの盤面が正しくありません（|v香v桂 ...|一 のような9行と、歩二 のような持ち駒）',
	'the KIF move number is not the next ply of its line': 'KIFの手数がその手順の次の手数ではありません',
	'malformed KIF time (want ( m:ss/hh:mm:ss))': 'KIFの消費時間が正しくありません（( m:ss/hh:mm:ss)）',
	'変化：N手 names a ply that no earlier line reaches': '変化：N手 の手数に届く手順がありません',
	'bytes invalid in the text encoding, or a character it lacks':
		'文字コードとして不正なバイトか、表せない文字があります',
	'not valid UTF-8 (the file declares encoding=UTF-8)':
		'UTF-8として正しくありません（ファイルは encoding=UTF-8 と宣言）',
	'not valid Shift_JIS (the file declares encoding=Shift_JIS)':
		'Shift_JISとして正しくありません（ファイルは encoding=Shift_JIS と宣言）',
	'not valid EUC-JP (the file declares encoding=EUC-JP)':
		'EUC-JPとして正しくありません（ファイルは encoding=EUC-JP と宣言）',
	'not while a search is running': '探索中はできません',
	'no move': '指し手がありません',
	'takebacks are for casual games: strict rules keep every move':
		'待ったは非レーティング対局だけです：厳格なルールではすべての指し手が残ります',
	'there is no move to take back': '戻せる指し手がありません',
	"this game's impasse rule has no declaration": 'この対局の入玉ルールには宣言がありません',
	'the game has no clock': 'この対局には持ち時間がありません',
	"a game is aborted only before the side's own first move": '対局中止は自分の初手の前だけです',
	'unknown error': '不明なエラー',

	// chat (server/chat.c)
	'sign in to read the chat': 'チャットを読むにはログインしてください',
	'sign in to chat': 'チャットするにはログインしてください',
	'room must be players or spectators': 'room は players か spectators です',
	'text must be the message, as a string': 'メッセージは文字列で送ってください',
	'the message is empty': 'メッセージが空です',
	'the message is not valid UTF-8': 'メッセージが正しい UTF-8 ではありません',
	'the message holds a control character (a line break, a tab inside, ...)':
		'メッセージに制御文字（改行やタブなど）が含まれています',
	'the message is longer than 140 characters': 'メッセージは 140 文字までです',
	"the players' chat is for the two players only": '対局者チャットは対局者二人だけのものです',
	"the players read the spectators' chat once the game is over": '観戦者チャットは終局後に対局者も読めます',
	"the players have turned the spectators' chat off": '対局者が観戦者チャットをオフにしました',
	"only the players turn the spectators' chat on or off": '観戦者チャットのオン・オフは対局者だけができます',
	'on must be true or false': 'on は true か false です',
	'you are sending messages too fast: try again in %s s': '送信が多すぎます。{1} 秒後にもう一度どうぞ',

	// typed moves (POST /api/games/{id}/moves {"text"})
	'the text is not a move in any notation gyoku reads (like 7g7f, ▲7六歩, P-7f)':
		'指し手として読めません（例：▲７六歩、7g7f、P-7f）',
	'the move text fits several legal moves: say which piece moves (its origin, or 右 左 上 引 寄 直)':
		'指せる駒が複数あります。右・左・上・引・寄・直（または移動元）でどの駒か指定してください',
	'the move may promote or not: add 成 or 不成 (+ or =)': '成るか成らないかを「成」「不成」で指定してください',
	'同 (same square) but there is no previous move': '直前の指し手がないため「同」は使えません',
	// typed moves (server/api_games.c, games.c)
	'give move or text, not both': 'move と text のどちらか一方を送ってください',
	'text must be at most %d bytes': 'text は {1} バイトまでです',
	'the move is illegal: %s': '反則手です：{1}',
};

export default JA;
