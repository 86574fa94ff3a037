/**
 * The accessibility check of every screen a journey shows (docs/conventions.md §7): axe-core runs
 * in the page against WCAG 2.1 A and AA and axe's best practices, and a serious or critical
 * finding fails the journey with each rule's id, the elements it found and what it asks for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical findings of axe-core on the page as it is now. */
export async function seriousA11yFindings(page: Page): Promise<A11yFinding[]> {
  const hasAxe = await page.evaluate('typeof window.axe !== "undefined"');
  // Evaluated rather than added as a <script>: the app's Content Security Policy refuses inline
  // scripts, and DevTools evaluation is outside it.
  if (!hasAxe) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  // Written as page source because e2e code is typed for Node, without the DOM library.
  const violations = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] }).then((results) => results.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? '',
      help,
      targets: nodes.map((node) => node.target.map(String).join(' ')),
    }));
}

/** Fails, listing every finding, when axe-core finds a serious or critical problem on the page. */
export async function expectNoSeriousA11yFindings(page: Page, label: string): Promise<void> {
  const findings = await seriousA11yFindings(page);
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `- ${finding.id} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  throw new Error(`Accessibility findings on "${label}":\n${lines.join('\n')}`);
}
