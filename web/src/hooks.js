/*
 * hooks.js: the hooks by which the browser tests (tests/browser/run.mjs)
 * find things on the pages, listed once, each with what it marks.  Keep
 * them stable; a test that needs another one adds it here first.
 * web/test/hooks.test.js checks that every hook run.mjs names is listed
 * here and that every hook listed is made by the modules of src/, and
 * run.mjs's tid() refuses a data-testid that is not listed.  No page
 * module imports this file: it is the tests' list, not the page's code.
 */

/** Attributes besides data-testid, with their values. */
export const ATTRIBUTES = {
	'data-square': 'a board square (a <g>), by its USI name: "7g"',
	'data-piece':
		'the piece on a square or in a hand as its SFEN letter ("P", "+r": uppercase Black, lowercase White); absent on an empty square',
	'data-hand': 'a piece in hand, by its owner ("black", "white"), with data-piece and data-count',
	'data-count': 'how many of that piece the hand holds',
	'data-hand-of': 'a hand (komadai), by its owner',
	'data-promote': 'the promotion choice drawn on the board (only when both moves are legal): "yes", "no"',
	'data-ply': 'a move-list item: 1 the first move, 0 the start position',
	'data-game': 'a game row of a list, and the accept, decline and cancel buttons in it, by the game id',
};

/** The values of data-testid. */
export const TESTIDS = {
	// The top bar.
	'nav-play': 'the link to the lobby',
	'nav-import': 'the link to the import page',
	'nav-watch': 'the link to the games being played (#/watch)',
	'nav-lang': 'the choice of the interface language (English, 日本語) at the foot of every page',
	'nav-user': "the signed-in user's name (a link to their page)",
	'nav-turns': "the count of the signed-in user's games waiting for their move (in nav-play; hidden at 0)",
	'nav-login': 'the link to the login page (signed out)',
	'nav-signup': 'the link to the sign-up page (signed out)',
	logout: 'the log-out button',
	// Sign-up, login, import.
	'signup-form': 'the sign-up form',
	'login-form': 'the login form',
	signup: "the sign-up form's button",
	login: "the login form's button",
	import: "the import form's button",
	'import-login': 'the import page of a visitor: log in or sign up first (no form)',
	'form-error': "a form's error line",
	// The lobby.
	'create-form': 'the new-game form',
	'create-game': "the new-game form's button",
	seeks: 'the list of open seeks and challenges',
	'my-playing': "the signed-in user's games in play",
	'my-ended': "the signed-in user's games recently ended",
	'notify-turns': 'the check box that opts in to browser notifications of correspondence moves',
	'goto-signup': 'the sign-up button shown to a visitor',
	'goto-login': 'the login button shown to a visitor',
	'game-row': 'a game in a list (with data-game)',
	'seek-color': "a seek's colour in a list: the side its creator plays, or random",
	// The games being played (#/watch).
	'watch-list': 'the list of the games being played, the most watched first',
	// A user's page.
	'user-name': "the user's name",
	'user-rating': "the user's rating",
	'user-results': "the user's wins, losses and draws: a table, rows all and rated, columns won, lost, drawn",
	'rating-graph': "the user's rating graph (an <svg> with one polyline, a point per rated game)",
	'user-playing': "the user's games in play",
	'user-ended': "the user's finished games",
	'games-filter':
		"the filter of the user's finished games (inputs filter_rated, filter_kind, filter_result, filter_opponent)",
	challenge: 'the link that fills in a challenge to the user',
	older: 'the button that shows older games',
	'password-form': "the password change form on the user's own page",
	'password-current': 'the password change form: the current password',
	'password-new': 'the password change form: the new password',
	'password-again': 'the password change form: the new password again',
	'password-submit': "the password change form's button",
	'password-message': "the password change form's message (done, or the error)",
	// The game page.
	result: 'the status line: whose turn, whom the game waits for, or the result',
	'player-black': "Black's name",
	'player-white': "White's name",
	'clock-black': "Black's clock (class clock, running while it runs; its figure .clock-main)",
	'clock-white': "White's clock",
	'clock-vacation-black': 'correspondence: the vacation allowance Black has left ("vacation: 12 days left")',
	'clock-vacation-white': "correspondence: White's vacation allowance left",
	'on-vacation-black':
		'correspondence: the mark of Black on vacation ("on vacation, 1d 12h left"; hidden when not)',
	'on-vacation-white': 'correspondence: the mark of White on vacation',
	watchers: 'the spectator count ("3 watching")',
	moves: 'the move list',
	'move-comment': "the comment of the move on the board (a record's; hidden when it has none)",
	'record-headers': "an imported record's headers (event, date, ...) and side lines",
	flip: 'the button that turns the board',
	'piece-style': 'the select of the piece style: kanji, international',
	notation: 'the select of the notation: japanese, hodges, hosking, kitao',
	sound: 'the toggle that mutes the sounds (aria-pressed "true" while muted; saved in prefs)',
	first: 'replay: the start position',
	prev: 'replay: one move back',
	next: 'replay: one move on',
	last: 'replay: the latest position',
	'back-to-game': 'the button back to the game in play while replaying',
	accept: 'accept a seek or challenge (also a row button in the lobby, with data-game)',
	decline: 'decline a challenge (also a row button)',
	cancel: 'withdraw a waiting game (also a row button)',
	abort: "the abort button (a player's own first move not yet made)",
	resign: 'the resign button',
	declare: 'the impasse declaration button',
	vacation: 'the vacation button (correspondence)',
	takeback: 'ask for a takeback (casual games; disabled while one is asked for)',
	'takeback-asked': "the opponent's takeback request",
	'takeback-accept': "accept the opponent's takeback",
	'takeback-decline': "decline the opponent's takeback",
	moretime: 'give the opponent 15 s more (live games)',
	'impasse-points': "the declaration dialog's table of points",
	'export-kif': 'the KIF export link',
	'export-ki2': 'the KI2 export link',
	'export-csa': 'the CSA export link',
	'export-sfen': 'the SFEN export link',
	'export-usi': 'the USI export link',
	'export-jkf': 'the JKF export link',
	// After a game (aftergame.js: on the finished game's page and in its results dialog).
	'after-game': 'the after-game panel',
	rematch: 'offer a rematch (the same opponent, colours swapped, the same settings)',
	'rematch-offer': 'the opponent\'s rematch offer ("alice offers a rematch")',
	'rematch-accept': "accept the opponent's rematch offer",
	'rematch-decline': "decline the opponent's rematch offer",
	'rematch-open': 'the link to the rematch offered or being played',
	'new-game': 'the link to the new-game form filled in with the settings of the game',
	'record-link': "the link to the game's record (KIF)",
	replay: 'show the game from its start',
	// Dialogs and notices.
	confirm: 'a confirmation dialog (resign, declare)',
	'confirm-yes': "a dialog's button that goes ahead",
	'confirm-no': "a dialog's button that cancels",
	prompt: 'the vacation dialog (its input: name "days")',
	'result-dialog': 'the dialog at the end of a game',
	'result-text': "the result dialog's result line",
	'rating-change': "the result dialog's line of a rating change",
	'dialog-close': "a message dialog's button",
	toast: 'a notice',
};

/** Classes the tests read. */
export const CLASSES = {
	board: 'the board (an <svg>)',
	interactive: 'on the board while the user may move',
	flipped: "on the board while it is seen from White's side",
	mark: 'a highlight on a square',
	selected: "on the selected square's mark and on the selected piece in hand",
	dest: 'the mark of a legal destination of the selected piece',
	'hand-piece': 'a piece in hand',
	'drag-ghost': 'the piece that follows a drag',
	clock: "a player's clock",
	running: 'on the clock that runs',
	'clock-main': 'a clock\'s main figure ("9:58", "0:07.3")',
	'move-text': "a move-list item's move in the chosen notation",
	current: 'on the move-list item of the position on the board',
};

/** Form inputs, by name. */
export const INPUTS = {
	name: 'sign-up and login: the user name',
	password: 'sign-up and login: the password',
	opponent: 'new game: radio buttons computer, open, user',
	level: "new game: the computer's level",
	challenge: 'new game: the user challenged',
	time: 'new game: the time control (a preset or custom)',
	time_custom: 'new game: a custom time control',
	corr_days: 'new game, correspondence: the days per move (1-14)',
	corr_vacation: 'new game, correspondence: the vacation days (0-365)',
	corr_auto: 'new game, correspondence: automatic vacation (a checkbox)',
	handicap: 'new game: the handicap',
	color: "new game: the creator's side",
	rated: 'new game: rated',
	record: "import: the record's text",
	file: 'import: a record file',
	format: "import: the record's format",
	days: 'the vacation dialog: the days taken',
	filter_rated: "a user's page, the games filter: '' any, true rated, false casual",
	filter_kind: "a user's page, the games filter: '' any, live, correspondence, untimed",
	filter_result: "a user's page, the games filter: '' any, won, lost, drawn",
	filter_opponent: "a user's page, the games filter: the opponent's name (applied on change or Enter)",
	current: 'password change: the current password',
	new: 'password change: the new password',
	again: 'password change: the new password again',
};
