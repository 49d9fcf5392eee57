import { Link } from 'react-router-dom';
import { classifyPath, normalizeSearch, pagePath } from '../../../domain/support/routes';
import { UNSEEN } from '../../../domain/text/visible';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePageView } from '../../hooks/use-page-view';
import { useTexts } from '../../hooks/use-texts';

const NOT_FOUND_VIEW = { page_type: 'error', page_name: 'page not found', node_level_1: 'service', exactag_site_group: 'UNKNOWN' };
const SERVER_ERROR_VIEW = { ...NOT_FOUND_VIEW, page_name: 'server error' };
const LOAD_FAILED_VIEW = { ...NOT_FOUND_VIEW, page_name: 'page load failed' };

/**
 * The path as the shopper typed it ('/über.pdf', not '/%C3%BCber.pdf'); a malformed escape stays as it
 * is. Without control and format characters: a crafted link's direction override would disguise it.
 */
const readablePath = (path: string): string => {
  let readable = path;
  try {
    readable = decodeURIComponent(path);
  } catch {
    // Shown as it came.
  }
  return readable.replace(UNSEEN, '');
};

export interface ErrorPageProps {
  /** The HTTP-like status: 404 shows the not-found page, anything else the server-error page. */
  status: number;
  /** The path asked for (named in the not-found message). */
  path: string;
  /** The query string, kept on the link to the contact page (it may carry `?site=`). */
  search?: string;
  /** What went wrong, for a server error (an error's or a status's English, marked as such); default: the status text of the page's title. */
  message?: string;
  /**
   * A part of the page (a chunk) could not be loaded: the visitor's connection failed, not the server.
   * The page says so under the site's own title, with no status and no 'Internal Server Error'.
   */
  loadFailed?: boolean;
}

/**
 * The generic error page (support spec §2): status, title, message and description. The titles and the
 * not-found message are the spec's English texts, and a server error's message is a status's or an
 * error's English: each is marked with its language for screen readers. The load-failure page is in
 * the site's language throughout.
 */
export function ErrorPage({ status, path, search, message, loadFailed = false }: ErrorPageProps) {
  const { t, language } = useTexts();
  const notFound = status === 404;
  usePageView(notFound ? NOT_FOUND_VIEW : loadFailed ? LOAD_FAILED_VIEW : SERVER_ERROR_VIEW);
  const title = t(notFound ? 'error.notFoundTitle' : loadFailed ? 'error.loadFailedTitle' : 'error.serverTitle');
  const shown = notFound ? t('error.notFoundMessage', { path: readablePath(path) }) : loadFailed ? t('error.loadFailed') : message || title;
  const titleLanguage = t('error.titleLanguage');
  const lang = loadFailed || language.split('-')[0] === titleLanguage ? undefined : titleLanguage;
  const contact = pagePath('contact', classifyPath(path).prefix) + normalizeSearch(search);
  useDocumentTitle(t('common.documentTitle', { page: title, shopName: t('site.shopName') }));
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" lang={lang}>
        {title}
      </h1>
      {loadFailed ? null : <p className="status">{t('error.status', { status })}</p>}
      <p className="message" lang={lang}>
        {shown}
      </p>
      {/* The load-failed text asks for a reload: the server error's "try again in a few minutes" would contradict it. */}
      {loadFailed ? null : (
        <p className="description">{t(notFound ? 'error.notFoundDescription' : 'error.serverDescription')}</p>
      )}
      <p>
        <Link to={contact}>{t('error.toContact')}</Link>
      </p>
    </section>
  );
}
