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
// Text decoding follows gyoku's detection: a UTF-8 BOM, then an encoding declared
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
  const head = buf.subarray(0, 4096).toString('latin1').split(/\r?\n|\r/).slice(0, 20);
  for (const line of head) {
    let m = /^#KIF\b.*\bencoding=([A-Za-z0-9_-]+)/i.exec(line) || /^'CSA encoding=([A-Za-z0-9_-]+)/i.exec(line);
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

function decode(buf) {
  const enc = detect(buf);
  let text = new TextDecoder(enc, { fatal: true, ignoreBOM: false }).decode(buf);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

function importer(file) {
  const ext = file.toLowerCase().replace(/^.*\./, '');
  switch (ext) {
    case 'kif': case 'kifu': return importKIF;
    case 'ki2': case 'ki2u': return importKI2;
    case 'csa': return importCSA;
    case 'jkf': case 'json': return importJKFString;
    default: return null;
  }
}

function oneLine(s) {
  return String(s).replace(/[\t\r\n]+/g, ' ').trim();
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
