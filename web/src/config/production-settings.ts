/**
 * What a production build checks before it builds (web/vite.config.ts): web/.env.production's
 * placeholders replaced, no emulator address, and every origin the settings name allowed by the
 * Content-Security-Policy that firebase.json serves. A site that fails these would build and
 * deploy, then fail for every visitor, so the build stops instead and names the setting.
 * Pure (the settings and the policy come in as arguments); it runs in Node at build time.
 */

/** Every placeholder in web/.env.production contains this. */
export const PLACEHOLDER_MARK = 'replace-with';

type Directives = Map<string, string[]>;

function parseCsp(policy: string): Directives {
  const directives: Directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The sources of a fetch directive, falling back to default-src as browsers do. */
function sourcesOf(directives: Directives, name: string): string[] {
  return directives.get(name) ?? directives.get('default-src') ?? [];
}

/** Whether one of the CSP sources (scheme, host with optional "*." and port) allows `url`. */
export function cspAllows(sources: string[], url: URL): boolean {
  return sources.some((source) => {
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase();
    const host = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:]+)(?::(\d+))?\/?$/i.exec(source);
    if (!host) return false;
    const [, scheme = '', wildcard, name = '', port = ''] = host;
    if (url.protocol !== `${scheme.toLowerCase()}:` || url.port !== port) return false;
    const hostname = url.hostname.toLowerCase();
    return wildcard ? hostname.endsWith(`.${name.toLowerCase()}`) : hostname === name.toLowerCase();
  });
}

const absoluteUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** The problems of `env` (the build's VITE_* settings) for a production build; none is ready. */
export function productionSettingProblems(
  env: Record<string, unknown>,
  contentSecurityPolicy: string,
): string[] {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    if (text(name).includes(PLACEHOLDER_MARK)) {
      problems.push(`${name} still has its placeholder "${text(name)}"`);
    }
  }
  if (text('VITE_AUTH_EMULATOR_URL')) {
    problems.push('VITE_AUTH_EMULATOR_URL must be empty: production signs in with Firebase Auth');
  }

  const csp = parseCsp(contentSecurityPolicy);
  const authDomain = text('VITE_FIREBASE_AUTH_DOMAIN');
  const authUrl =
    authDomain && !authDomain.includes(PLACEHOLDER_MARK)
      ? absoluteUrl(`https://${authDomain}`)
      : null;
  if (authUrl && !cspAllows(sourcesOf(csp, 'frame-src'), authUrl)) {
    problems.push(
      `VITE_FIREBASE_AUTH_DOMAIN ${authDomain} is not in firebase.json's Content-Security-Policy frame-src, so sign-in could not open its frame`,
    );
  }
  const apiUrl = absoluteUrl(text('VITE_API_BASE'));
  if (apiUrl && !cspAllows(sourcesOf(csp, 'connect-src'), apiUrl)) {
    problems.push(
      `VITE_API_BASE ${apiUrl.origin} is not in firebase.json's Content-Security-Policy connect-src, so the browser would block it`,
    );
  }
  return problems;
}
