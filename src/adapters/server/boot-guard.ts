/**
 * The page's guard for its own entry script (support spec §4: "A reload of the page happens when … a
 * chunk fails to load"). The app's reload guard lives in the scripts it loads, so it cannot act when
 * the entry script itself fails (a new build's HTML with an old build's files, a 503 or 429 from a
 * CDN, a file cut short): the page would show a form that never becomes usable. This small inline
 * script, put before the module script, hears a module script that fails to load (or one of the
 * page's files that does not parse) and reloads the page once, by the same
 * record as the app (`support-reloads` in sessionStorage, once per path per 10 s, not offline, the
 * server answering `/build.json` with success within 3 s, and what the visitor entered kept as the
 * form's draft); otherwise it shows the page's `#support-boot-note` note, with the fields the draft
 * kept filled in again, and keeps what is typed there for the next load. On every page it lets the
 * browser keep the form's fields for Back (see the `MutationObserver`). The policy allows exactly
 * this script by its hash.
 */
import { createHash } from 'node:crypto';
import { RELOAD_GUARD_MS, RELOADS_KEY } from '../../domain/support/reload-guard';
import { DEFAULT_SITE, SITES } from '../../domain/support/sites';
import { MIRROR } from '../browser/session-mirrored-draft-store';

/**
 * The contact form's fields a draft keeps (`TEXT_FIELDS` of src/ui/screens/contact/contact-values.ts;
 * the adapters do not import the UI, a test holds the two lists equal), its element ids
 * (`contact-<field>`), its files field and the draft key (`contact:<site>`).
 */
export const KEPT_FIELDS = ['question', 'topic', 'articleNumber', 'firstName', 'lastName', 'email'] as const;
const FIELD_ID_PREFIX = 'contact-';
const FILES_FIELD = 'attachments';
/** The class of a listed file's name in the contact form (attachments-field.tsx; a test holds the two equal). */
export const ATTACHMENT_NAME_CLASS = 'attachment-name';
/** The Turkish legal notice's tick: no draft keeps it (the restored form asks for it again), so a reload loses nothing a draft would keep. */
const ASKED_AGAIN_FIELD = 'legalConsent';
const DRAFT_KEY_PREFIX = 'contact:';
const SITE_META = 'support-site';
/** The latest-build file (`BUILD_FILE_PATH` of ./static-files, which imports this module through the page: a test holds them equal). */
export const BUILD_FILE = '/build.json';
/**
 * The question the contact form's draft logic answers while it keeps the form's input (`KEEP_INPUT_EVENT`
 * of src/ui/kept-input.ts; a test holds the two equal).
 */
export const KEEP_INPUT_EVENT = 'support:keep-input';
/** How long the server may take to answer before the reload is given up and the note shown. */
const SERVER_CHECK_MS = 3000;
/** How long the reload waits, and waits again, while the visitor types (`TYPING_PAUSE_MS` of src/app/support/chunk-failure-reload.ts; a test holds them equal). */
export const TYPING_PAUSE_MS = 1500;
/**
 * Where the field typed into is noted for the reloaded page to focus again (`FOCUS_KEY` of
 * src/app/support/reload-focus.ts, which reads it; a test holds them equal).
 */
export const RELOAD_FOCUS_KEY = 'support:reload-focus';
/** The inputs no one types into (`NOT_TYPED_INTO` of src/app/support/new-build-module.ts). */
const NOT_TYPED_INTO = 'button|submit|reset|checkbox|radio|file|image|range|color|hidden';

/** The id of the note a server-rendered page carries, hidden, in its language. */
export const LOAD_FAILED_ID = 'support-boot-note';

/**
 * The script, ES5 and self-contained: it runs before any of the app's code. A page the visitor has
 * typed into reloads only when all that was entered is what the contact form's draft keeps: its
 * values are first written as the draft's sessionStorage mirror (`draft-mirror:contact:<site>`, as
 * `SessionMirroredDraftStore` writes it), so the reloaded form restores them (a chosen file is named
 * there, and the shopper asked to add it again; the Turkish legal notice's tick is asked for again, as
 * after any restored draft). Anything else entered (another tick, another form) would be lost: the
 * note is shown instead. The same keeping serves the app (`window.supportKeepInput`) when a chunk
 * fails to load after the draft logic's own chunk did (src/app/support/chunk-failure-reload.ts), and
 * on leaving a page whose draft logic does not answer (its chunk missing after a deploy).
 */
export const BOOT_GUARD_SCRIPT =
  `(function(){var F=${JSON.stringify(KEPT_FIELDS)},P='${FIELD_ID_PREFIX}',T={},L=-1/0,C=0;` +
  // The fields typed into (by id), also those emptied again: their value is the visitor's, whatever it is.
  // When the visitor last typed; a composition (an input method's candidates) is typing while open.
  'addEventListener("input",function(e){var t=e.target;L=Date.now();if(t&&t.id)T[t.id]=1},true);' +
  'addEventListener("compositionstart",function(){C=1},true);addEventListener("compositionend",function(){C=0;L=Date.now()},true);' +
  // The field with the focus when it is one typed into (`isTyping` of src/app/support/new-build-module.ts).
  `function field(){var a=document.activeElement;return a&&(a.tagName==="TEXTAREA"||a.tagName==="INPUT"&&!/^(${NOT_TYPED_INTO})$/.test(a.type))?a:null}` +
  // Notes that field and its caret for the reloaded page, which focuses it again (src/app/support/reload-focus.ts).
  `function mark(){var a=field(),o;if(!a||!a.id)return;o={address:location.pathname+location.search,id:a.id};` +
  'try{if(typeof a.selectionStart==="number"){o.start=a.selectionStart;o.end=a.selectionEnd;o.length=a.value.length;o.scrollTop=a.scrollTop}}catch(x){}' +
  `sessionStorage.setItem('${RELOAD_FOCUS_KEY}',JSON.stringify(o))}` +
  // Whether a field of the contact form was typed into: under the app, React keeps each value attribute
  // equal to the value, so a typed text looks as delivered to `touched`.
  'function typed(){for(var k in T)if(k.indexOf(P)===0)return 1;return 0}' +
  // A text field or select as the page delivered it.
  'function same(f){return f.tagName==="SELECT"?!(f.selectedIndex>0&&!f.options[f.selectedIndex].defaultSelected):f.value===f.defaultValue}' +
  // 0: nothing entered; 1: only what a draft keeps (the form's texts and choice, its files by name; the legal tick it asks for again); 2: more.
  'function touched(){var c=document.querySelectorAll("input,textarea,select"),t=0;for(var i=0;i<c.length;i++){var f=c[i];' +
  'if(f.type==="checkbox"||f.type==="radio"?f.checked!==f.defaultChecked:f.type==="file"?f.files&&f.files.length>0:!same(f))' +
  `{var d=String(f.id||"");t=d.indexOf(P)===0&&(d===P+'${FILES_FIELD}'||d===P+'${ASKED_AGAIN_FIELD}'||F.indexOf(d.slice(P.length))>=0)&&t<2?1:2}}return t}` +
  // The site as the app resolves it (src/app/support/site.ts): the query's, else the server's, else the default.
  `function site(){var q=/[?&]site=([^&#]*)/.exec(location.search),m=document.querySelector('meta[name="${SITE_META}"]'),` +
  `c=[q?q[1]:"",m?m.getAttribute("content"):""],S=${JSON.stringify(Object.keys(SITES))},v,i;` +
  `for(i=0;i<2;i++){v=String(c[i]||"").replace(/^\\s+|\\s+$/g,"").toLowerCase();if(S.indexOf(v)>=0)return v}return '${DEFAULT_SITE}'}` +
  // Writes the form's values as the draft's sessionStorage mirror, with the files it listed before and
  // those chosen here. A page whose draft logic did not run (`a`: no app, or the draft's chunk missing)
  // shows none of the draft's files and, in a field not refilled (`Q`), none of its text: both are still
  // the draft's where the field is empty, also typed into and emptied again (the visitor never saw the
  // draft's text there, so did not remove it). What a field shows is the visitor's otherwise.
  `function keep(n,a){var K='${MIRROR}${DRAFT_KEY_PREFIX}'+site(),v={},l=[],w={},x,j,o;` +
  'try{o=JSON.parse(sessionStorage.getItem(K)||"{}");w=o.values||{};o=o.files}catch(e){}if(o instanceof Array)for(j=0;j<o.length;j++)if(typeof o[j]==="string")l.push(o[j]);' +
  'for(j=0;j<F.length;j++){x=document.getElementById(P+F[j]);if(x)v[F[j]]=a&&!Q[F[j]]&&x.value===""&&typeof w[F[j]]==="string"?w[F[j]]:String(x.value)}' +
  `x=document.getElementById(P+'${FILES_FIELD}');if(x&&x.files)for(j=0;j<x.files.length;j++){o=x.files[j].name+"\\n"+x.files[j].lastModified+"\\n"+x.files[j].size;if(l.indexOf(o)<0)l.push(o)}` +
  // The files the form lists (its control is emptied after each pick), by name as shown (direction
  // marks left out): each one the list above does not hold yet is added by name, for the reloaded
  // form to ask for it again. Two of one name (a phone's image.jpg) are two files.
  `x=document.querySelectorAll('.${ATTACHMENT_NAME_CLASS}');var c=[];for(j=0;j<x.length;j++){o=String(x[j].textContent).replace(/[\\u2068\\u2069]/g,"");` +
  'for(var k=0;k<l.length&&(c[k]||l[k].split("\\n")[0].replace(/[\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]/g,"")!==o);k++);' +
  'if(k===l.length)l.push(o+"\\n");c[k]=1}' +
  'sessionStorage.setItem(K,JSON.stringify({savedAt:n,values:v,files:l}));return true}' +
  // The draft kept before a reload fills the fields left empty (`Q`: refilled, `R`: any).
  `var R=0,Q={};function refill(){try{var v=JSON.parse(sessionStorage.getItem('${MIRROR}${DRAFT_KEY_PREFIX}'+site())||"{}").values||{},j,x;` +
  'for(j=0;j<F.length;j++){x=document.getElementById(P+F[j]);if(x&&!x.value&&typeof v[F[j]]==="string"){x.value=v[F[j]];R=Q[F[j]]=1}}}catch(x){}}' +
  // The note on a page that stays without its script: refilled, and what is typed on it is kept for the next load.
  `function note(){var m=document.getElementById('${LOAD_FAILED_ID}');if(m)m.hidden=false;refill()}` +
  // A page reloaded by itself (this guard's or the app's record for its path, within 10 s) shows the kept
  // draft, and gives the noted field its focus and caret back, as soon as it is parsed: its script may take
  // seconds on a slow line, and a shopper typing into the form that looked emptied replaced the kept text
  // (the app restores a draft only into empty fields). The app then takes the values over as entered.
  `try{document.addEventListener("readystatechange",function(){try{if(document.readyState!=="interactive"||!(Math.abs(Date.now()-(+JSON.parse(sessionStorage.getItem('${RELOADS_KEY}'))[location.pathname]||0))<${RELOAD_GUARD_MS}))return;refill();` +
  `var o=JSON.parse(sessionStorage.getItem('${RELOAD_FOCUS_KEY}')),a=document.activeElement;if(!o||o.address!==location.pathname+location.search||a&&a!==document.body)return;` +
  'a=document.getElementById(o.id);if(!a||!a.focus)return;a.focus({preventScroll:true});' +
  'if(typeof o.start==="number"&&a.value.length===o.length){a.setSelectionRange(o.start,o.end);if(typeof o.scrollTop==="number")a.scrollTop=o.scrollTop}}catch(x){}})}catch(x){}' +
  // For the app's draft logic (src/ui/page-refill.ts), once, for the form it took over: the fields
  // refilled, whose content is the visitor's since. A form the app shows later gets the draft as usual.
  'window.supportRefilled=function(){var l=[],k;for(k in Q)l.push(k);Q={};return l};' +
  'window.supportKeepInput=function(){try{return!!document.getElementById(P+F[0])&&keep(Date.now(),1)}catch(x){return false}};' +
  // For the app, when a chunk of its first render never comes on a page typed into (or stalls): the
  // server's page stays, with the note. The note, when the page has one (hidden again if the chunk comes).
  `window.supportShowLoadFailed=function(){var m=document.getElementById('${LOAD_FAILED_ID}');note();return m};` +
  // The forms' text fields (every form's: the cancellation has no draft) lose each value attribute the
  // app sets, as it sets it: React keeps it equal to the value, and Chromium keeps a field for Back only
  // when the two differ (without a draft, as with storage blocked, Back brought the form back empty).
  // Not at `pagehide`: Chromium may take the page's state for Back before that runs (Back right after
  // a link to another site brought the cancellation back without its typed fields; QA pass). Other
  // inputs keep theirs (a choice's value is its identity).
  "try{new MutationObserver(function(l){for(var j=0;j<l.length;j++){var a=l[j].target;" +
  "if(a.tagName==='INPUT'&&a.form&&a.hasAttribute('value')&&/^(text|email|tel|search|url)$/.test(a.type))a.removeAttribute('value')}})" +
  ".observe(document,{subtree:true,attributes:true,attributeFilter:['value']})}catch(x){}" +
  // On leaving, a page whose form no draft logic keeps (a note's page; the app's page when a deploy
  // removed the draft's chunk: nothing answers the app's question) keeps its form's entries (refilled,
  // then maybe emptied, or typed) for the shopper's own reload. Another page, or an untouched form, must
  // not replace the draft with an empty one.
  `addEventListener('pagehide',function(){try{var q=new Event('${KEEP_INPUT_EVENT}',{cancelable:true});` +
  'if(document.getElementById(P+F[0])&&dispatchEvent(q)&&!q.answered&&(R||typed()||touched()))keep(Date.now(),1)}catch(x){}});' +
  "addEventListener('error',function(e){var s=e.target;" +
  // A module script that failed to load, or one of the page's own files that loaded and does not parse
  // (cut short by a broken cache or proxy): either way the form would never become usable. A parse error
  // comes while the page loads; a SyntaxError thrown later (a JSON.parse in a handler) is no failed load.
  "if(!(s&&s.tagName==='SCRIPT'&&s.type==='module')&&!(e.error instanceof SyntaxError&&document.readyState!=='complete'&&String(e.filename).indexOf(location.origin+'/assets/')===0))return;" +
  `var k='${RELOADS_KEY}',p=location.pathname,n=Date.now();` +
  'try{var r;try{r=JSON.parse(sessionStorage.getItem(k)||"{}")}catch(x){}if(!r||typeof r!=="object"||r instanceof Array)r={};var t=touched();' +
  // Within 10 s of the recorded reload either way (a clock set back), as the app's guard (reload-guard.ts).
  `if(navigator.onLine!==false&&t<2&&!(Math.abs(n-(+r[p]||0))<${RELOAD_GUARD_MS})&&(!t||keep(n,1))){` +
  // The reload only once the server answers with success (else the browser's or a CDN's error page
  // would replace the page: a CDN answering 503 for the page's files answers so for the build file too).
  // The reloaded page starts at its top: Chromium's scroll restoration kept the header in place, and the
  // note shown above it was off the screen. While the visitor types, the reload waits for a pause (the
  // keys typed while the page reloaded were lost, and so was the focus), then keeps the form again. A
  // page no draft keeps (the cancellation) waits while the visitor is in one of its fields at all: the
  // keys typed while it reloaded were lost for good; typed into, it shows the note instead.
  "var d=0,go=function(ok){if(d)return;d=1;if(ok)later();else note()},later=function(){" +
  `if(field()&&(C||Date.now()-L<${TYPING_PAUSE_MS}||!document.getElementById(P+F[0])&&touched()<2))return setTimeout(later,${TYPING_PAUSE_MS});` +
  "try{n=Date.now();t=touched();if(t<2&&(!t||keep(n,1))){mark();r[p]=n;sessionStorage.setItem(k,JSON.stringify(r));history.scrollRestoration='manual';location.reload();return}}catch(x){}note()};" +
  `setTimeout(function(){go(false)},${SERVER_CHECK_MS});` +
  `fetch('${BUILD_FILE}?t='+n,{cache:'no-store'}).then(function(a){go(a.ok)},function(){go(false)});return}` +
  '}catch(x){}note()},true)})()';

/** The CSP source that allows the script and nothing else inline. */
export const BOOT_GUARD_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_GUARD_SCRIPT).digest('base64')}'`;

export const bootGuardTag = (): string => `<script>${BOOT_GUARD_SCRIPT}</script>`;

const escapeText = (value: string): string => value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hidden note the script shows when the page stays unusable, in the page's language. */
export const loadFailedNote = (text: string): string =>
  `<p id="${LOAD_FAILED_ID}" class="boot-note" role="alert" hidden>${escapeText(text)}</p>`;
