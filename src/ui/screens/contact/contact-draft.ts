import { createElement, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { DraftStore, FormDraft } from '../../../ports/draft-store';
import { EMPTY_CONTACT_VALUES, TEXT_FIELDS, fieldId, isEmpty, type ContactFormValues } from './contact-values';
import { draftNow, fromDraft, toDraft } from './draft-files';
import type { TextsApi } from '../../hooks/use-texts';
import { dropHeldBlurs } from '../../components/form/blur-after-press';
import { keepInput } from '../../kept-input';
import { refilledByPage } from '../../page-refill';
import { holdsMessage } from './copied-message';
import { shownFileName } from './file-name';
import type { ContactFormApi, SendState } from './use-contact-form';

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 500;

/** Runs a draft-store call; a failing store only means there are no drafts. */
const quietly = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch {
    return undefined;
  }
};

export interface DraftKeeping {
  readonly form: ContactFormApi;
  readonly drafts: DraftStore;
  readonly key: string;
  /**
   * The draft stored under `key`, being read (the caller starts reading it while this chunk loads);
   * it rejects when the store cannot be used (its chunk is missing): nothing is then kept.
   */
  readonly stored: Promise<FormDraft | undefined>;
  /** True once the draft has been discarded (after a successful send): nothing is restored or saved any more. */
  readonly finished: { readonly current: boolean };
  /** The page's texts as they are now. */
  readonly texts: { readonly current: Translate };
  /**
   * Told what the status line says once a draft was restored: that values came back, and which of its
   * files the store could not keep (the shopper is asked to add them again), with the button that
   * clears the draft (`action`, shown beside the status line, not read as part of it); null for nothing.
   */
  readonly onNotice: (notice: string | null, action?: ReactNode) => void;
  /** The form's send state: a failed send's text is about input the form no longer shows once it is set anew. */
  readonly setSend: Dispatch<SetStateAction<SendState>>;
}

/** Whether a field holds nothing yet (as the empty form has it): the draft may fill it. */
const unfilled = (values: ContactFormValues, field: keyof ContactFormValues): boolean => {
  const value = values[field];
  return Array.isArray(value) ? value.length === 0 : value === EMPTY_CONTACT_VALUES[field];
};

type Translate = TextsApi['t'];

/**
 * What the status line says after a restore: what came back, and which files must be added again.
 * Both come with a button that clears the draft: on a shared computer the next person must not be
 * left with someone else's message and files, nor with the names of their files.
 */
function draftNotice(t: Translate, restored: boolean, lostFiles: readonly string[], discard: () => void): [string | null, ReactNode?] {
  const lines = restored ? [t('contact.draftRestored')] : [];
  const lost = lostFiles.length === 1 ? 'contact.draftFileLost' : 'contact.draftFilesLost';
  if (lostFiles.length > 0) lines.push(t(lost, { files: lostFiles.map(shownFileName).join(', ') }));
  if (lines.length === 0) return [null];
  return [lines.join(' '), createElement('button', { type: 'button', className: 'button-link draft-discard', onClick: discard }, t('contact.draftDiscard'))];
}

const fileId = (name: string, lastModified: number, size: number): string => `${name}\n${lastModified}\n${size}`;
const sameTexts = (values: ContactFormValues, draft: FormDraft): boolean =>
  TEXT_FIELDS.every((field) => values[field] === (draft.values[field] ?? EMPTY_CONTACT_VALUES[field]));

/**
 * Whether the form holds what `draft` holds: its text fields, its files by name, date and size, and
 * by name those the store lists without their bytes (the form still has them: the store could not
 * keep them, or they were still being read when the page saved). A phone names every photo
 * `image.jpg`: the name alone would take a replaced photo for the same one.
 */
const shows = (values: ContactFormValues, draft: FormDraft): boolean => {
  const files = values.attachments;
  const missing = draft.missingFiles ?? [];
  const ids = new Set(files.map((file) => fileId(file.name, file.lastModified, file.size)));
  const names = new Set(files.map((file) => file.name));
  return (
    sameTexts(values, draft) &&
    files.length === draft.attachments.length + missing.length &&
    draft.attachments.every((stored) => ids.has(fileId(stored.name, stored.lastModified, stored.bytes.length))) &&
    missing.every((name) => names.has(name))
  );
};

/** Whether the form holds the draft's texts and no file beyond its files (one it has no bytes of may be missing). */
const repeats = (values: ContactFormValues, draft: FormDraft): boolean => {
  const ids = new Set(draft.attachments.map((stored) => fileId(stored.name, stored.lastModified, stored.bytes.length)));
  return sameTexts(values, draft) && values.attachments.every((file) => ids.has(fileId(file.name, file.lastModified, file.size)));
};

/** A sent draft's values: every text field empty (files and the legal notice are never refilled). */
const SENT_VALUES: Partial<ContactFormValues> = Object.fromEntries(TEXT_FIELDS.map((field) => [field, EMPTY_CONTACT_VALUES[field]]));

/** Set once the document's first form has looked for a refill: later forms of the app are rendered afresh. */
let historyRefillSeen = false;

/**
 * Whether the browser brought this page back by Back or Forward (not from its back-forward cache): it
 * then refills the form as that visit of the page left it, which may be older than the draft.
 */
const loadedThroughHistory = (): boolean => {
  try {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation?.type === 'back_forward';
  } catch {
    return false;
  }
};

/**
 * Keeps the contact form's unsent input (files included) in the draft store: restores it once into
 * every field still empty (a field the visitor has filled keeps its value), then saves it after each
 * pause in typing and when the page is hidden. The save on hiding calls the store in the same task
 * (the files' bytes are read as they are chosen, and a save made before a file has been read keeps the
 * files read so far until the full draft follows), so an unloading page still starts it. Chosen or removed files are saved without waiting for a pause.
 * Loaded as a chunk of its own after the form is shown; returns the function that stops it.
 */
export function keepDraft({ form, drafts, key, stored, finished, texts, onNotice, setSend }: DraftKeeping): () => void {
  let live = true;
  // What the form held when this logic started, on the document's first form after Back or Forward:
  // the browser's refill of an older visit of the page. The tab's own draft is saved at every pause
  // and whenever a page is left, so it is newer than any visit's refill: it replaces every refilled
  // value the visitor has not changed since, also with an emptied one. Files are never refilled.
  const refilled = !historyRefillSeen && loadedThroughHistory() ? form.state.values : undefined;
  historyRefillSeen = true;
  const isRefill = (values: ContactFormValues, field: keyof ContactFormValues): boolean =>
    refilled !== undefined && field !== 'attachments' && !unfilled(values, field) && values[field] === refilled[field];
  let lastSaved: ContactFormValues | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Grows with every save: a save still reading files gives way to a later one. */
  let saves = 0;
  let stopWatching = () => {};
  let watching = false;

  /**
   * How many files the last save had without their bytes: the same values are saved again (the page is
   * left) only when more of them have been read since, never merely again (another tab may have sent
   * that draft meanwhile: saved anew, it would be offered to the next tab).
   */
  let lastMissing = 0;
  /**
   * The draft's files the store could not keep, or a copy's files not brought back, that the shopper has
   * not added again yet: saved with the tab's draft as missing, so a reload still asks for them.
   */
  let lostFiles: readonly string[] = [];
  /** The question of the other tab's draft the form shows a copy of, while the form still holds that message. */
  let copiedQuestion: string | undefined;
  /**
   * The shopper wrote a new question over the copy, or emptied the form to start anew: the message this
   * tab sends is not the other tab's, whose draft then stays (another tab's unsent message was lost).
   */
  const letGoOfCopy = (values: ContactFormValues): void => {
    if (copiedQuestion === undefined || (!isEmpty(values) && holdsMessage(values.question, copiedQuestion))) return;
    copiedQuestion = undefined;
    drafts.release?.(key);
  };
  /** The draft with the files still asked for listed as missing. */
  const askingFor = (draft: FormDraft): FormDraft =>
    lostFiles.length === 0 ? draft : { ...draft, missingFiles: [...(draft.missingFiles ?? []), ...lostFiles] };
  const save = (current: ContactFormValues): void => {
    if (finished.current) return;
    // Saved at once, with the files read so far: a page being unloaded runs no later task.
    const { draft: made, complete } = draftNow(current);
    const draft = askingFor(made);
    const missing = draft.missingFiles?.length ?? 0;
    if (current === lastSaved && missing >= lastMissing) return;
    lastSaved = current;
    lastMissing = missing;
    const ticket = (saves += 1);
    if (isEmpty(current)) {
      void quietly(() => drafts.clear(key));
      return;
    }
    void quietly(() => drafts.save(key, draft));
    if (complete) return;
    void quietly(() => toDraft(current)).then((full) => {
      if (!full || ticket !== saves || finished.current) return;
      lastMissing = 0;
      void quietly(() => drafts.save(key, askingFor(full)));
    });
  };
  /**
   * What the form shows now is what the store has (the form was emptied, or set to the tab's draft); a
   * failed send's text no longer speaks of it.
   */
  const savedAsShown = () => {
    lastSaved = form.state.values;
    lastMissing = 0;
    setSend((send) => (send.phase === 'failed' ? { phase: 'idle' } : send));
  };
  const flush = () => {
    clearTimeout(timer);
    save(form.state.values);
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  };

  void stored.then(start, () => start(undefined, false));

  function start(draft: FormDraft | undefined, usable = true): void {
    if (!live || finished.current) return;
    const current = form.state.values;
    let restored = false;
    /** True while `empty` resets the form: its update is no input. */
    let resetting = false;
    const tell = () => onNotice(...draftNotice(texts.current, restored, lostFiles, discard));
    // The form emptied as it was first shown.
    const empty = () => {
      restored = false;
      lostFiles = [];
      clearTimeout(timer);
      // Not a change to save: with files chosen, the reset's own update cleared the draft at once, and
      // that clear told the tab a copy came from to keep it aside, also for 'Angaben löschen'.
      resetting = true;
      try {
        form.reset();
      } finally {
        resetting = false;
      }
      files = form.state.values.attachments;
      savedAsShown();
      // A save still reading files gives way.
      saves += 1;
    };
    // The form emptied, and every draft the browser keeps for it removed (other tabs' too: the next
    // tab would otherwise bring one of them back).
    const discard = () => {
      // While sending nothing may change: a failed send must find the input as it was.
      if (form.state.isSubmitting) return;
      // The focus goes to the first field before the form empties: a field left afterwards (the focus
      // was still in it: voice control presses the button without moving it) would be checked empty
      // and show its error, or take its removed text back (the form takes a field's shown text over
      // when it is left: autofill without input events). A blur held back by the press is dropped.
      document.getElementById(fieldId('question'))?.focus();
      dropHeldBlurs();
      empty();
      void quietly(() => drafts.clear(key, { everywhere: true }));
      onNotice(texts.current('contact.draftDiscarded'));
    };
    // Asked at every start, so the page's answer (given once) never reaches a later form.
    const shownByPage = refilledByPage();
    if (draft) {
      // Cleared: the tab's input was sent (or emptied) since, and what a refill shows is that input.
      // A copy (another tab's draft, or an earlier visit's: maybe another person's on a shared computer)
      // brings back its texts, which the page shows, but not its files, which a next person would send
      // unseen with their own message: they are named as not restored, for the one who picked them.
      const notCopied = draft.copied ? draft.attachments.map((file) => file.name) : [];
      const fromStore = draft.cleared ? SENT_VALUES : fromDraft(draft.copied ? { ...draft, attachments: [] } : draft);
      const drafted = { ...EMPTY_CONTACT_VALUES, ...fromStore };
      /** Fields restored while showing an error (a send pressed before the draft came back). */
      const stale: (keyof ContactFormValues)[] = [];
      for (const [field, value] of Object.entries(fromStore) as [keyof ContactFormValues, never][]) {
        const now = form.state.values;
        // The page put the draft's text in this field while its script was loading (the reload's boot
        // guard): what it holds now is the visitor's, also emptied; the notice says the draft came back.
        if (shownByPage.has(field)) {
          if (!unfilled(drafted, field)) restored = draft.cleared !== true;
          continue;
        }
        if (now[field] === value) {
          // After Back the browser's refill may already show the draft's text: it came back all the same
          // (a copy is then shown, and its files asked for, as on any other load).
          if (refilled !== undefined && !unfilled(drafted, field)) restored = draft.cleared !== true;
          continue;
        }
        // A field the draft holds empty brings nothing back; one the visitor has filled keeps its value;
        // a refill gives way to the tab's own draft (a copy of another tab's may be another message).
        const replacesRefill = draft.copied !== true && isRefill(now, field);
        if (!replacesRefill && (unfilled(drafted, field) || !unfilled(now, field))) continue;
        form.setFieldValue(field, value, { dontValidate: true });
        if ((form.getFieldMeta(field)?.errors.length ?? 0) > 0) stale.push(field);
        restored = draft.cleared !== true;
      }
      // Validated as a change once every value is in (rules may read other fields): an error already
      // shown follows the value, and the summary and the title with it.
      for (const field of stale) void form.validateField(field, 'change');
      // Another tab's draft goes with this one's send only when the form shows some of it.
      if (draft.copied && restored) {
        drafts.adopt?.(key);
        copiedQuestion = drafted.question;
      }
      // A copy that shows nothing (files only) asks for nothing: each next visitor would be asked for a
      // stranger's files.
      lostFiles = unfilled(current, 'attachments') && (restored || !draft.copied) ? [...notCopied, ...(draft.missingFiles ?? [])] : [];
      tell();
    }
    // What was entered before this chunk had loaded is saved (merged with the draft) like any other
    // input: files chosen meanwhile at once, text after the pause.
    // Input that only repeats the draft shown (the browser's refill after Back, of text the tab saved;
    // files are never refilled) is not saved anew: another tab may have sent that draft meanwhile, and
    // it would be offered again.
    if (isEmpty(current) || (draft && !draft.cleared && repeats(form.state.values, draft))) lastSaved = form.state.values;
    else if (current.attachments.length > 0) flush();
    else later();
    let files = form.state.values.attachments;
    // A store subscription rather than a selected value: typing must not re-render the whole form.
    const subscription = form.store.subscribe(() => {
      const values = form.state.values;
      if (values === lastSaved || resetting) return;
      letGoOfCopy(values);
      // Chosen or removed files are saved at once (their bytes as soon as they are read); typing after a pause.
      if (values.attachments === files) later();
      else {
        // Each file added again is asked for no more, one by one: a phone names every photo alike.
        const before = new Set(files);
        files = values.attachments;
        const left = [...lostFiles];
        for (const file of files) if (!before.has(file) && left.includes(file.name)) left.splice(left.indexOf(file.name), 1);
        if (left.length < lostFiles.length) {
          lostFiles = left;
          tell();
        }
        flush();
      }
    });
    // Back from the back/forward cache after a later page of the tab sent (or emptied) what this page
    // still shows, or saved other input (maybe after sending this page's): the form shows the tab's
    // draft, as a reload would show it. Anything changed on this page meanwhile stays.
    const backFromCache = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const values = form.state.values;
      void quietly(() => drafts.load(key)).then((now) => {
        if (!now || !live || finished.current || form.state.values !== values || form.state.isSubmitting) return;
        if (now.cleared) empty();
        else if (now.copied || shows(values, now)) return;
        else {
          form.reset({ ...EMPTY_CONTACT_VALUES, ...fromDraft(now), legalConsent: values.legalConsent }, { keepDefaultValues: true });
          savedAsShown();
          restored = true;
          lostFiles = now.missingFiles ?? [];
        }
        tell();
      });
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('pageshow', backFromCache);
    document.addEventListener('visibilitychange', flushWhenHidden);
    watching = true;
    // A reload (for a chunk that failed to load) loses nothing once what the form shows is saved, in
    // the same call, into a store that keeps it: not before the store works, nor after the send
    // (finished), nor while a file's bytes are still being read.
    const kept = () => !finished.current && (flush(), draftNow(form.state.values).complete);
    const stopKeeping = usable ? keepInput(kept) : () => {};
    stopWatching = () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('pageshow', backFromCache);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      stopKeeping();
    };
  }

  return () => {
    // Leaving the form inside the app (the router's Back, a link) fires no pagehide: what waits for
    // the pause in typing is saved now, or the form mounted by Forward would bring back older text.
    if (live && watching) flush();
    live = false;
    clearTimeout(timer);
    stopWatching();
  };
}
