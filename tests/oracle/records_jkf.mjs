// records_jkf.mjs: a second independent oracle for gyoku's record readers,
// json-kifu-format (na2hiro's JKF library, pinned in package.json), used by
// records.sh for the files tsshogi cannot read and as a cross-check of all.
//
// It reads each record file given on the command line and prints one line a
// file, in the format of records.mjs:
//
//   FILE<TAB>moves<TAB>ending<TAB>final-sfen
//   FILE<TAB>ERROR<TAB>message            (json-kifu-format cannot read the file)
//
// moves      number of real moves on the main line (kifu.moves without forks),
//            the closing special not counted;
// ending     the special closing the main line in records.mjs's words, or "none";
//            +/-ILLEGAL_ACTION name the offender (CSA), so they become
//            illegal-loss or illegal-win for the side to move at the end;
// final-sfen the SFEN after the last real main-line move, with move number
//            moves + 1.
//
// Text decoding is decode.mjs's (the same as records.mjs). json-kifu-format
// API used: JKFPlayer.parse(text, filename) (the format from the extension:
// .kif/.kifu KIF, .ki2/.ki2u KI2, .csa CSA, .jkf JKF; it throws on a bad file),
// player.kifu.moves (the main line; forks are kept inside its elements),
// player.forward() and player.shogi.toSFENString(n) (shogi.js).

import { readFileSync } from 'node:fs';
import jkf from 'json-kifu-format';
import { decode } from './decode.mjs';

const { JKFPlayer } = jkf;

const ENDINGS = {
	TORYO: 'resign',
	CHUDAN: 'interrupt',
	SENNICHITE: 'sennichite',
	TIME_UP: 'timeup',
	ILLEGAL_MOVE: 'illegal-loss',
	JISHOGI: 'jishogi',
	KACHI: 'declaration',
	HIKIWAKE: 'draw',
	MAX_MOVES: 'max-moves',
	TSUMI: 'mate',
	FUZUMI: 'nomate',
	TRY: 'try',
};

function oneLine(s) {
	return String(s)
		.replace(/[\t\r\n]+/g, ' ')
		.trim();
}

function read(file) {
	let text;
	try {
		text = decode(readFileSync(file));
	} catch (e) {
		return `ERROR\tcannot read or decode: ${oneLine(e.message)}`;
	}
	let player;
	try {
		player = JKFPlayer.parse(text, file);
	} catch (e) {
		return `ERROR\tjson-kifu-format threw: ${oneLine(e.message)}`;
	}
	const main = player.kifu.moves;
	let moves = 0;
	let special = null;
	for (let i = 1; i < main.length; i++) {
		if (main[i].move) {
			if (special) return `ERROR\tmove after a special on the main line`;
			moves++;
		} else if (main[i].special) {
			special = main[i].special;
			break;
		}
	}
	try {
		for (let i = 0; i < moves; i++)
			if (!player.forward()) return `ERROR\tcannot replay the main line at move ${i + 1}`;
	} catch (e) {
		return `ERROR\tjson-kifu-format cannot replay the main line: ${oneLine(e.message)}`;
	}
	const sfen = player.shogi.toSFENString(moves + 1);
	const toMove = sfen.split(' ')[1];
	let ending = 'none';
	if (special === '+ILLEGAL_ACTION') ending = toMove === 'b' ? 'illegal-loss' : 'illegal-win';
	else if (special === '-ILLEGAL_ACTION') ending = toMove === 'w' ? 'illegal-loss' : 'illegal-win';
	else if (special) ending = ENDINGS[special] || `other:${special}`;
	return `${moves}\t${ending}\t${sfen}`;
}

for (const file of process.argv.slice(2)) {
	console.log(`${file}\t${read(file)}`);
}
