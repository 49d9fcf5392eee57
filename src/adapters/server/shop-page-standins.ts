/**
 * DEV STAND-INS for the shop's own pages that the support pages point at. In production the support
 * pages live on the shop's domain, where `/favicon.ico` is the shop's icon and each language's privacy
 * path (`contact.privacy.href` in `locales/`) is the shop's privacy notice; the reference backend
 * answers them only in development and tests, so a visit neither logs a 404 for the icon nor turns a
 * click on the privacy link into a redirect to the German contact form. Every answer carries
 * `x-dev-stand-in` and is never cached.
 */
import type { FastifyPluginAsync } from 'fastify';
import cs from '../../../locales/cs/contact';
import de from '../../../locales/de/contact';
import fr from '../../../locales/fr/contact';
import hu from '../../../locales/hu/contact';
import pl from '../../../locales/pl/contact';
import sk from '../../../locales/sk/contact';
import tr from '../../../locales/tr/contact';

export const FAVICON_PATH = '/favicon.ico';

/** The shop's privacy paths, one per language of the texts, and the Turkish site's legal notice. */
export const PRIVACY_PATHS: readonly string[] = [
  ...new Set(
    [...[de, fr, pl, cs, hu, sk, tr].map((texts) => texts.contact.privacy.href), tr.contact.legalConsent.notice.href].filter((href) =>
      href.startsWith('/'),
    ),
  ),
];

/** A small round icon (SVG; browsers take the type from the answer, not from the path's extension). */
export const STAND_IN_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#6b4226"/></svg>';

const escapeText = (value: string): string => value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page standing in for the shop's privacy notice at `path`. */
export const privacyStandInPage = (path: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Privacy notice (dev stand-in)</title></head>
<body>
<main>
<h1>DEV STAND-IN: the shop's privacy notice</h1>
<p>In production the shop answers <code>${escapeText(path)}</code> on its own domain with its privacy notice.</p>
</main>
</body>
</html>
`;

export const shopPageStandIns: FastifyPluginAsync = async (app) => {
  app.get(FAVICON_PATH, async (_request, reply) =>
    reply.header('x-dev-stand-in', 'favicon').header('cache-control', 'no-store').type('image/svg+xml').send(STAND_IN_ICON),
  );
  for (const path of PRIVACY_PATHS) {
    app.get(path, async (_request, reply) =>
      reply
        .header('x-dev-stand-in', 'privacy-page')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(privacyStandInPage(path)),
    );
  }
};
