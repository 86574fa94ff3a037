import { describe, expect, it } from 'vitest';
import { parseScript, type Item } from './shell-commands.js';

/** Each command as its words' values (`<raw>` for a word that expands a variable). */
function commands(items: Item[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'function'
      ? [`${item.name}() {`, ...commands(item.body), '}']
      : [item.words.map((word) => word.value ?? `<${word.raw}>`).join(' ')],
  );
}

describe('the commands of a bash script', () => {
  it('reads substitutions first, redirections, groups, functions, if, for and case', () => {
    const source = '${BASH_SOURCE[0]}'; // not a template's placeholder
    const script = String.raw`
      set -eu # a comment
      dir="$(cd "$(dirname "${source}")" && pwd)"
      step() {
        shift
        "$@"
      }
      [ "$(id -u)" -ne 0 ] && sudo=sudo
      $sudo apt-get install -y chromium >/dev/null 2>&1
      if ! command -v node >/dev/null; then step "x" npm ci; else echo "$((1 + 2))"; fi
      for f in a b; do tar -xzf "$f" | tail -1; done
      case ":$PATH:" in
        *":$dir:"*) ;;
        (*) export PATH="$dir:$PATH" ;;
      esac
      { echo 'no $(command)' >&2; exit 1; } || true
      (cd /tmp && rm -rf x) \
        && mkdir y
    `;
    expect(commands(parseScript(script))).toEqual([
      'set -eu',
      'dirname <"${BASH_SOURCE[0]}">',
      'cd <"$(dirname "${BASH_SOURCE[0]}")">',
      'pwd',
      'step() {',
      'shift',
      '<"$@">',
      '}',
      'id -u',
      '[ <"$(id -u)"> -ne 0 ]',
      '<$sudo> apt-get install -y chromium',
      'command -v node',
      'step x npm ci',
      'echo <"$((1 + 2))">',
      'tar -xzf <"$f">',
      'tail -1',
      'export <PATH="$dir:$PATH">',
      'echo no $(command)',
      'exit 1',
      'true',
      'cd /tmp',
      'rm -rf x',
      'mkdir y',
    ]);
  });

  it('refuses what it does not read', () => {
    expect(() => parseScript('cat <<EOF\nx\nEOF\n')).toThrow(/here-documents/);
    expect(() => parseScript('echo "unclosed')).toThrow(/unclosed/);
    expect(() => parseScript('f() {\n  echo\n')).toThrow(/without its }/);
  });
});
