// records.mjs: an independent oracle for gyoku's record readers.
//
// tsshogi (an independent shogi library, pinned in package.json) reads each
// record file given on the command line and this script prints, one line a file:
//
//   FILE<TAB>moves<TAB>ending<TAB>final-sfen
//   FILE<TAB>ERROR<TAB>message            (tsshogi cannot read the file)
//
// moves      number of real moves on the main line (the active, first branch),
//            the closing special move (投了, %TORYO, ...) not counted;
// ending     the special move closing the main line, normalised (see ENDINGS),
//            or "none";
// final-sfen the SFEN of the position after the last real move of the main line,
//            with its move number (moves + the initial position's number).
//
// Text decoding (decode.mjs) follows gyoku's detection: a UTF-8 BOM, then an encoding declared
// on a "#KIF version=... encoding=X" or "'CSA encoding=X" line (first lines), then
// valid UTF-8, then EUC-JP when every high byte may be EUC-JP and the text decodes
// as such, else Shift_JIS. The format comes from the extension: .kif/.kifu KIF,
// .ki2/.ki2u KI2, .csa CSA, .jkf JKF.
//
// tsshogi API used: importKIF, importKI2, importCSA, importJKFString (each
// returns a Record or an Error); Record.first / Node.next (main line: the first
// branch, as imported), Node.move (a Move, or a SpecialMove {type} at the end),
// Record.goto(ply) and Record.sfen for the final position.

import { readFileSync } from 'node:fs';
import { importKIF, importKI2, importCSA, importJKFString, Move, SpecialMoveType } from 'tsshogi';
import { decode } from './decode.mjs';

// tsshogi's SpecialMoveType -> normalised word. FOUL_WIN / FOUL_LOSE are
// relative to the side to move at the end (tsshogi: "手番側の勝ち/負け").
const ENDINGS = {
	[SpecialMoveType.RESIGN]: 'resign',
	[SpecialMoveType.INTERRUPT]: 'interrupt',
	[SpecialMoveType.MAX_MOVES]: 'max-moves',
	[SpecialMoveType.IMPASS]: 'jishogi',
	[SpecialMoveType.DRAW]: 'draw',
	[SpecialMoveType.REPETITION_DRAW]: 'sennichite',
	[SpecialMoveType.MATE]: 'mate',
	[SpecialMoveType.NO_MATE]: 'nomate',
	[SpecialMoveType.TIMEOUT]: 'timeup',
	[SpecialMoveType.FOUL_WIN]: 'illegal-win',
	[SpecialMoveType.FOUL_LOSE]: 'illegal-loss',
	[SpecialMoveType.ENTERING_OF_KING]: 'declaration',
	[SpecialMoveType.WIN_BY_DEFAULT]: 'default-win',
	[SpecialMoveType.LOSE_BY_DEFAULT]: 'default-loss',
	[SpecialMoveType.TRY]: 'try',
};

function importer(file) {
	const ext = file.toLowerCase().replace(/^.*\./, '');
	switch (ext) {
		case 'kif':
		case 'kifu':
			return importKIF;
		case 'ki2':
		case 'ki2u':
			return importKI2;
		case 'csa':
			return importCSA;
		case 'jkf':
		case 'json':
			return importJKFString;
		default:
			return null;
	}
}

function oneLine(s) {
	return String(s)
		.replace(/[\t\r\n]+/g, ' ')
		.trim();
}

function read(file) {
	const imp = importer(file);
	if (!imp) return `ERROR\tunknown extension`;
	let text;
	try {
		text = decode(readFileSync(file));
	} catch (e) {
		return `ERROR\tcannot read or decode: ${oneLine(e.message)}`;
	}
	let rec;
	try {
		rec = imp(text);
	} catch (e) {
		return `ERROR\ttsshogi threw: ${oneLine(e.message)}`;
	}
	if (rec instanceof Error) return `ERROR\t${oneLine(rec.message)}`;
	// Main line: the first branch at every level (Node.next is the first of the
	// sibling list linked by Node.branch; branchIndex 0).
	let moves = 0;
	let ending = 'none';
	for (let p = rec.first.next; p; p = p.next) {
		if (p.branchIndex !== 0) return `ERROR\tunexpected branch order in tsshogi's tree`;
		if (p.move instanceof Move) {
			if (ending !== 'none') return `ERROR\tmove after a special move on the main line`;
			moves++;
		} else {
			const t = p.move.type;
			ending = t === 'any' ? `other:${oneLine(p.move.name)}` : ENDINGS[t] || `other:${t}`;
			break;
		}
	}
	// Make the main line active, then go to its last real move.
	rec.goto(0);
	for (let i = 0; i < moves; i++) {
		if (!rec.goForward()) return `ERROR\tcannot replay the main line at move ${i + 1}`;
		rec.switchBranchByIndex(0);
	}
	if (!(rec.current.move instanceof Move) && moves > 0) return `ERROR\tmain line replay ended on a special move`;
	return `${moves}\t${ending}\t${rec.sfen}`;
}

for (const file of process.argv.slice(2)) {
	console.log(`${file}\t${read(file)}`);
}
