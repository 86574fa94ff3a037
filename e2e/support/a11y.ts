/**
 * The accessibility check of every screen a journey shows (docs/conventions.md §7): axe-core runs
 * in the page against WCAG 2.1 A and AA and axe's best practices, and a serious or critical
 * finding fails the journey with each rule's id, the elements it found and what it asks for; so
 * do headings out of order, a page without exactly one h1, a page wider than the window and, on
 * a phone, a control smaller than 44 × 44 px (decision 031).
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
/** Moderate in axe's eyes, but issue 13 asks for headings in order and one h1 per page. */
const ENFORCED_RULES = new Set(['heading-order', 'page-has-heading-one']);

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
  nodes: { target: unknown[]; html: string }[];
}

/** An element as a finding names it: axe's selector and the start of its markup. */
const describeNode = (target: unknown[], html: string) =>
  `${target.map(String).join(' ')}  ${html.length > 160 ? `${html.slice(0, 160)}…` : html}`;

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
    .filter(
      (violation) =>
        FAILING_IMPACTS.has(violation.impact ?? '') || ENFORCED_RULES.has(violation.id),
    )
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? '',
      help,
      targets: nodes.map((node) => describeNode(node.target, node.html)),
    }));
}

/** Below this width the window is a phone's, whose controls are tapped with a finger. */
const PHONE_WIDTH = 600;
/** The smallest tap target on a phone (WCAG 2.5.5, AAA; issue 13). */
const MIN_TAP_TARGET = 44;

/**
 * What axe does not check, measured in the page: more than one visible h1, a page wider than the
 * window (it scrolls sideways), and on a phone every visible control under 44 px either way. A
 * link inside a sentence (inline, among other words) is sized by its text and left out, as WCAG
 * leaves it; so are controls hidden from everyone (behind an open dialog, or visually hidden
 * until focused).
 */
const LAYOUT_FINDINGS = `(() => {
  const findings = [];
  const describe = (element) => {
    const html = element.outerHTML;
    return html.length > 160 ? html.slice(0, 160) + '…' : html;
  };
  const shown = (element) => {
    if (element.closest('[aria-hidden="true"], [inert]')) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== 'hidden';
  };
  // A link inside a sentence: inline, among other words of the same block.
  const inSentence = (element) => {
    if (getComputedStyle(element).display !== 'inline') return false;
    const block = element.parentElement;
    return !!block && block.textContent.trim().length > element.textContent.trim().length;
  };
  const h1s = Array.from(document.querySelectorAll('h1, [role="heading"][aria-level="1"]')).filter(shown);
  if (h1s.length > 1)
    findings.push({ id: 'one-h1', help: 'A page has one level-one heading', targets: h1s.map(describe) });
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width) {
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => shown(element) && element.getBoundingClientRect().right > width + 0.5)
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)));
    findings.push({
      id: 'page-overflow',
      help: 'The page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window',
      targets: wide.slice(0, 5).map(describe),
    });
  }
  if (width < ${PHONE_WIDTH}) {
    const controls = 'a[href], button, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"], input[type="checkbox"], input[type="radio"], select, summary';
    const small = Array.from(document.querySelectorAll(controls))
      .filter(shown)
      .filter((element) => !inSentence(element))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width < ${MIN_TAP_TARGET} - 0.5 || rect.height < ${MIN_TAP_TARGET} - 0.5;
      });
    if (small.length > 0)
      findings.push({
        id: 'tap-target-size',
        help: 'Controls on a phone are at least ${MIN_TAP_TARGET} × ${MIN_TAP_TARGET} px',
        targets: small.map((element) => {
          const rect = element.getBoundingClientRect();
          return Math.round(rect.width) + '×' + Math.round(rect.height) + '  ' + describe(element);
        }),
      });
  }
  return findings;
})()`;

/** The findings of LAYOUT_FINDINGS on the page as it is now, all of them failing. */
async function layoutFindings(page: Page): Promise<A11yFinding[]> {
  const findings = (await page.evaluate(LAYOUT_FINDINGS)) as Omit<A11yFinding, 'impact'>[];
  return findings.map((finding) => ({ ...finding, impact: 'serious' }));
}

/** Fails, listing every finding, when axe-core or the layout check finds a problem on the page. */
export async function expectNoSeriousA11yFindings(page: Page, label: string): Promise<void> {
  const findings = [...(await seriousA11yFindings(page)), ...(await layoutFindings(page))];
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `- ${finding.id} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  throw new Error(`Accessibility findings on "${label}":\n${lines.join('\n')}`);
}
