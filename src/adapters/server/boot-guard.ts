/**
 * The page's guard for its own entry script (support spec §4: "A reload of the page happens when … a
 * chunk fails to load"). The app's reload guard lives in the scripts it loads, so it cannot act when
 * the entry script itself fails (a new build's HTML with an old build's files, a 503 or 429 from a
 * CDN): the page would show a form that never becomes usable. This small inline script, put before
 * the module script, hears a module script that fails to load and reloads the page once, by the same
 * record as the app (`support-reloads` in sessionStorage, once per path per 10 s, not offline, and
 * not when the visitor has entered anything); otherwise it shows the page's `#support-load-failed` note. The policy
 * allows exactly this script by its hash.
 */
import { createHash } from 'node:crypto';
import { RELOAD_GUARD_MS, RELOADS_KEY } from '../../domain/support/reload-guard';

/** The id of the note a server-rendered page carries, hidden, in its language. */
export const LOAD_FAILED_ID = 'support-load-failed';

/**
 * The script, ES5 and self-contained: it runs before any of the app's code. It never reloads a page
 * the visitor has typed into or ticked (what was entered would be lost): the note is shown instead.
 */
export const BOOT_GUARD_SCRIPT =
  "addEventListener('error',function(e){var s=e.target;" +
  "if(!s||s.tagName!=='SCRIPT'||s.type!=='module')return;" +
  'function touched(){var c=document.querySelectorAll("input,textarea,select");for(var i=0;i<c.length;i++){var f=c[i];' +
  'if(f.type==="checkbox"||f.type==="radio"?f.checked!==f.defaultChecked:f.type==="file"?f.files&&f.files.length>0:' +
  'f.tagName==="SELECT"?f.selectedIndex>0&&!f.options[f.selectedIndex].defaultSelected:f.value!==f.defaultValue)return true}return false}' +
  `var k='${RELOADS_KEY}',p=location.pathname,n=Date.now();` +
  'try{var r;try{r=JSON.parse(sessionStorage.getItem(k)||"{}")}catch(x){}if(!r||typeof r!=="object"||r instanceof Array)r={};' +
  `if(navigator.onLine!==false&&!touched()&&!(n-(+r[p]||0)<${RELOAD_GUARD_MS})){r[p]=n;sessionStorage.setItem(k,JSON.stringify(r));location.reload();return}` +
  '}catch(x){}' +
  `var m=document.getElementById('${LOAD_FAILED_ID}');if(m)m.hidden=false},true)`;

/** The CSP source that allows the script and nothing else inline. */
export const BOOT_GUARD_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_GUARD_SCRIPT).digest('base64')}'`;

export const bootGuardTag = (): string => `<script>${BOOT_GUARD_SCRIPT}</script>`;

const escapeText = (value: string): string => value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hidden note the script shows when the page stays unusable, in the page's language. */
export const loadFailedNote = (text: string): string =>
  `<p id="${LOAD_FAILED_ID}" class="load-failed" role="alert" hidden>${escapeText(text)}</p>`;
