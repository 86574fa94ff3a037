/**
 * The commands a bash script runs, read without running it: enough of bash's grammar for the CI
 * scripts (the deploy workflow's `run:` steps, `.ci/run`, `scripts/use-node.sh`) to say which
 * programs they call, so a test can check that each exists where the script runs (issue 32).
 * Not a full parser: here-documents, which none of them use, are refused rather than misread.
 */

export interface Word {
  /** As written, quotes included: `"$@"`, `'%s'`. */
  raw: string;
  /** Its text once unquoted, when it expands nothing; undefined when it depends on a variable. */
  value: string | undefined;
}

export type Item =
  { kind: 'command'; words: Word[] } | { kind: 'function'; name: string; body: Item[] };

/** A word comes with the commands of its `$(…)` substitutions, which run before its command. */
type Token = { type: 'word'; word: Word; substitutions: Item[] } | { type: 'op'; op: string };

/** The index just past the `)` that closes the `(` before `start`, skipping quoted text. */
function closingParen(source: string, start: number): number {
  let depth = 1;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === "'") i = source.indexOf("'", i + 1);
    else if (c === '"') i = closingQuote(source, i + 1) - 1;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
    if (i < 0) break;
  }
  throw new Error(`unclosed ( in ${source.slice(start - 2, start + 40)}`);
}

/** The index just past the `"` that closes a double-quoted string begun before `start`. */
function closingQuote(source: string, start: number): number {
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
    else if (c === '$' && source[i + 1] === '(') i = closingParen(source, i + 2) - 1;
  }
  throw new Error(`unclosed " in ${source.slice(start - 1, start + 40)}`);
}

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let word: { raw: string; value: string; dynamic: boolean; substitutions: Item[] } | undefined;
  const current = () => (word ??= { raw: '', value: '', dynamic: false, substitutions: [] });
  const end = () => {
    if (!word) return;
    const { raw, value, dynamic, substitutions } = word;
    tokens.push({ type: 'word', word: { raw, value: dynamic ? undefined : value }, substitutions });
    word = undefined;
  };

  /** Reads an expansion at `i` (a `$`) into the current word; returns the index after it. */
  const expansion = (i: number): number => {
    const w = current();
    let next: number;
    if (source.startsWith('$((', i)) next = closingParen(source, i + 2);
    else if (source[i + 1] === '(') {
      next = closingParen(source, i + 2);
      w.substitutions.push(...parseScript(source.slice(i + 2, next - 1)));
    } else if (source[i + 1] === '{') next = source.indexOf('}', i) + 1;
    else next = i + 1 + (/^([A-Za-z_]\w*|[0-9@*#?$!-])/.exec(source.slice(i + 1))?.[0].length ?? 0);
    if (next === i + 1) {
      w.raw += '$';
      w.value += '$';
      return next;
    }
    w.raw += source.slice(i, next);
    w.dynamic = true;
    return next;
  };

  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const rest = source.slice(i);
    if (c === ' ' || c === '\t' || rest.startsWith('\\\n')) {
      end();
      i += c === '\\' ? 2 : 1;
    } else if (c === '#' && !word) {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '\n') {
      end();
      tokens.push({ type: 'op', op: '\n' });
      i++;
    } else if (rest.startsWith('<<')) {
      throw new Error(`here-documents are not read: ${rest.slice(0, 40)}`);
    } else if (c === '<' || c === '>') {
      // A redirection: the file descriptor written just before it is part of it, not a word.
      if (word && /^\d+$/.test(word.raw)) word = undefined;
      else end();
      i += /^[<>][>&]?/.exec(rest)![0].length;
      tokens.push({ type: 'op', op: 'redirect' });
    } else if (/^(;;|&&|\|\||[;&|()])/.test(rest)) {
      end();
      const op = /^(;;|&&|\|\||[;&|()])/.exec(rest)![0];
      tokens.push({ type: 'op', op });
      i += op.length;
    } else if (c === "'") {
      const close = source.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in ${rest.slice(0, 40)}`);
      const w = current();
      w.raw += source.slice(i, close + 1);
      w.value += source.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      const w = current();
      w.raw += '"';
      i++;
      while (source[i] !== '"') {
        if (i >= source.length) throw new Error(`unclosed " in ${rest.slice(0, 40)}`);
        if (source[i] === '$') i = expansion(i);
        else if (source[i] === '`') throw new Error('backquotes are not read; write $(…)');
        else {
          const escaped = source[i] === '\\' ? source.slice(i, i + 2) : source[i]!;
          w.raw += escaped;
          w.value += escaped.length === 2 ? escaped[1] : escaped;
          i += escaped.length;
        }
      }
      w.raw += '"';
      i++;
    } else if (c === '$') {
      i = expansion(i);
    } else if (c === '`') {
      throw new Error('backquotes are not read; write $(…)');
    } else {
      const escaped = c === '\\' ? source.slice(i, i + 2) : c;
      const w = current();
      w.raw += escaped;
      w.value += escaped.length === 2 ? escaped[1] : escaped;
      i += escaped.length;
    }
  }
  end();
  return tokens;
}

/** Words that open, continue or close a compound command; they are not programs. */
const KEYWORDS = new Set(['if', 'then', 'elif', 'else', 'fi', 'do', 'done', 'while', 'until', '!']);
const ASSIGNMENT = /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/;

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  /** Items up to the end, or up to the `}` closing a function's body when `inFunction`. */
  list(inFunction: boolean): Item[] {
    const items: Item[] = [];
    let words: Word[] = [];
    let groups = 0; // `{ …; }` groups opened in this list
    const cases: boolean[] = []; // one per open `case`: whether a pattern is being read
    let skipping = false; // a `for` clause, up to its separator
    const flush = () => {
      if (words.length) items.push({ kind: 'command', words });
      words = [];
    };
    while (this.pos < this.tokens.length) {
      const token = this.tokens[this.pos++]!;
      const inPattern = cases.at(-1) === true;
      if (token.type === 'op') {
        if (token.op === 'redirect') {
          const target = this.tokens[this.pos++];
          if (target?.type !== 'word') throw new Error('a redirection without a target');
          items.push(...target.substitutions);
        } else if (inPattern) {
          if (token.op === ')') cases[cases.length - 1] = false;
        } else if (token.op === ';;') {
          if (!cases.length) throw new Error(';; outside a case');
          flush();
          cases[cases.length - 1] = true;
        } else if (token.op === '(' && words.length === 1 && this.peekOp(')')) {
          this.pos++;
          items.push(this.functionBody(words[0]!));
          words = [];
        } else {
          skipping = false;
          flush();
        }
        continue;
      }
      const { word } = token;
      if (inPattern) {
        if (word.value === 'esac') cases.pop();
        continue;
      }
      items.push(...token.substitutions);
      if (skipping) continue;
      if (words.length === 0) {
        if (ASSIGNMENT.test(word.raw)) continue;
        if (word.value !== undefined && KEYWORDS.has(word.value)) continue;
        if (word.value === '{') {
          groups++;
          continue;
        }
        if (word.value === '}') {
          if (groups > 0) groups--;
          else if (inFunction) {
            flush();
            return items;
          } else throw new Error('a } closes nothing');
          continue;
        }
        if (word.value === 'esac' && cases.length) {
          cases.pop(); // its last branch, without `;;`
          continue;
        }
        if (word.value === 'for') {
          skipping = true;
          continue;
        }
        if (word.value === 'case') {
          const subject = this.tokens[this.pos++];
          const keyword = this.tokens[this.pos++];
          if (subject?.type !== 'word' || keyword?.type !== 'word' || keyword.word.value !== 'in')
            throw new Error('a case without its `in`');
          items.push(...subject.substitutions);
          cases.push(true);
          continue;
        }
        if (word.value === 'function') {
          const name = this.tokens[this.pos++];
          if (name?.type !== 'word') throw new Error('a function without a name');
          if (this.peekOp('(')) this.pos += 2;
          items.push(this.functionBody(name.word));
          continue;
        }
      }
      words.push(word);
    }
    if (inFunction) throw new Error('a function body without its }');
    if (cases.length) throw new Error('a case without its esac');
    flush();
    return items;
  }

  private peekOp(op: string): boolean {
    const token = this.tokens[this.pos];
    return token?.type === 'op' && token.op === op;
  }

  private functionBody(name: Word): Item {
    while (this.peekOp('\n')) this.pos++;
    const open = this.tokens[this.pos++];
    if (name.value === undefined || open?.type !== 'word' || open.word.value !== '{')
      throw new Error(`function ${name.raw}: only \`name() { … }\` is read`);
    return { kind: 'function', name: name.value, body: this.list(true) };
  }
}

/** The commands and function definitions of a bash script, in the order they appear. */
export function parseScript(source: string): Item[] {
  return new Parser(lex(source)).list(false);
}
